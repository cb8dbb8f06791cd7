// upload-bench COUNT SIZE_MB CONCURRENCY MODE
//
// Uploads COUNT files of SIZE_MB MB each to a receiver on 127.0.0.1 (in this process; it reads
// each body as it arrives and keeps only its length), CONCURRENCY at a time, and prints one
// Markdown table row: mode, files, MB, seconds, MB/s, peak RSS (VmHWM) before and after.
//   MODE stream: HTTPUploadDestination (multipart, file parts streamed by HTTPBodyStream)
//   MODE memory: the same bytes read whole into memory and sent as HTTPRequest.body (the client
//                before streamed bodies), for comparison.
import Foundation
import Hummingbird
import NIOCore
import PhotoNetworking
import PhotoSourceService

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[1]), let megabytes = Int(arguments[2]), let concurrency = Int(arguments[3]),
    ["stream", "memory"].contains(arguments[4])
else {
    FileHandle.standardError.write(Data("usage: upload-bench COUNT SIZE_MB CONCURRENCY stream|memory\n".utf8))
    exit(64)
}
let mode = arguments[4]

/// Peak resident set size in MB (VmHWM), from /proc/self/status.
func peakRSS() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

// The files, written 1 MB at a time.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("upload-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
var generator = SystemRandomNumberGenerator()
let chunk = Data((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
var assets: [DeliverableAsset] = []
for index in 0..<count {
    let file = folder.appendingPathComponent("asset-\(index).jpg")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    for _ in 0..<megabytes { handle.write(chunk) }
    try handle.close()
    assets.append(DeliverableAsset(
        index: index, source: "bench", itemID: "\(index)", copies: 1, product: "4x6", fileName: "asset-\(index).jpg",
        contentType: "image/jpeg", file: file, byteCount: Int64(megabytes << 20), md5: "-", sha256: "-", pixelWidth: 1, pixelHeight: 1))
}

// The receiver: counts bytes, keeps nothing.
let router = Router()
router.post("/upload") { request, _ -> Response in
    var received = 0
    for try await part in request.body { received += part.readableBytes }
    return Response(status: received > 0 ? .ok : .badRequest)
}
let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "upload-bench"),
    onServerRunning: { channel in
        continuation.yield(channel.localAddress?.port ?? 0)
        continuation.finish()
    })
let server = Task { try await app.run() }
guard let port = await ports.first(where: { _ in true }) else { exit(1) }
let url = URL(string: "http://127.0.0.1:\(port)/upload")!

let before = peakRSS()
let started = ContinuousClock.now
if mode == "stream" {
    let destination = try HTTPUploadDestination(.init(id: "bench", url: url, mode: .concurrent(maximum: concurrency)))
    let delivery = OrderDelivery(orderID: "ord_bench", reference: "bench", assets: assets, acknowledged: [], idempotencyKey: "bench")
    let outcome = try await destination.deliver(delivery, progress: { _ in })
    guard outcome == .delivered else { fatalError("not delivered: \(outcome)") }
} else {
    let options = try HTTPOptions(totalTimeout: .seconds(300), addressPolicy: .trusting(origins: ["http://127.0.0.1:\(port)"]), retry: .none)
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = assets.makeIterator()
        func add(_ asset: DeliverableAsset) {
            group.addTask {
                let body = try Data(contentsOf: asset.file)
                _ = try await HTTPClient.shared.send(PhotoNetworking.HTTPRequest(url: url, method: "POST", body: body, options: options))
            }
        }
        for _ in 0..<concurrency { if let asset = next.next() { add(asset) } }
        while try await group.next() != nil { if let asset = next.next() { add(asset) } }
    }
}
let seconds = Double((ContinuousClock.now - started).components.attoseconds) / 1e18 + Double((ContinuousClock.now - started).components.seconds)
let total = Double(count * megabytes)
print(String(format: "| %@ | %d × %d MB | %d | %.2f s | %.0f MB/s | %.0f MB | %.0f MB |", mode, count, megabytes, concurrency, seconds, total / seconds, before, peakRSS()))
server.cancel()
