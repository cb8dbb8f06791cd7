@preconcurrency import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PhotoSourceKit
import Synchronization

/// `POST /uploads`: one multipart upload per request (part `file`, fields `orderId`, `index`,
/// `md5`…), de-duplicated on `Idempotency-Key` through the ``UploadKeyBook``.
struct UploadEndpoint: Sendable {
    let state: UploadReceiverState

    /// The largest upload read.
    static let maximumBytes = 256 << 20

    func register(on router: Router<BasicRequestContext>) {
        router.post("uploads") { request, _ in try await receive(request) }
    }

    private func receive(_ request: Request) async throws -> Response {
        let key = request.headers[HTTPField.Name("Idempotency-Key")!] ?? ""
        state.record {
            $0.posts += 1
            if !key.isEmpty { $0.postsByKey[key, default: 0] += 1 }
        }
        guard !key.isEmpty else { return refuse(400, "An upload needs an Idempotency-Key header; repeats are recognised by it.") }
        let body = try await request.body.collect(upTo: Self.maximumBytes)
        guard let form = MultipartFormParts(Data(body.readableBytesView), contentType: request.headers[.contentType] ?? ""),
            let file = form.part("file"), let index = Int(form.fields["index"] ?? "")
        else { return refuse(400, "The body is not multipart/form-data with a file part and an index field.") }
        let fields = form.fields
        let fingerprint = "\(fields["orderId"] ?? "")/\(index)/\(fields["md5"] ?? "")"
        switch state.book.withLock({ $0.begin(key, fingerprint: fingerprint) }) {
        case .replay(let answer):
            state.record { $0.replays += 1 }
            return Self.json(answer, headers: [HTTPField.Name("Idempotent-Replayed")!: "true"])
        case .inProgress:
            state.record { $0.conflicts += 1 }
            return Self.json(.init(status: 409, body: Self.message("The first upload with this key is still being stored; try again shortly.")))
        case .reused:
            return refuse(422, "This Idempotency-Key was used for another upload; each upload needs a key of its own.")
        case .store:
            break
        }
        if state.faults.withLock({ faults in
            guard faults.serverErrorNextUploads > 0 else { return false }
            faults.serverErrorNextUploads -= 1
            return true
        }) {
            state.book.withLock { $0.forget(key) }
            state.record { $0.injectedErrors += 1 }
            return Self.json(.init(status: 503, body: Self.message("The demo receiver failed on purpose (serverErrorNextUploads).")))
        }
        let md5 = Insecure.MD5.hash(data: file.body).map { String(format: "%02x", $0) }.joined()
        if let expected = fields["md5"], expected.lowercased() != md5 {
            state.book.withLock { $0.forget(key) }
            return refuse(400, "The file's MD5 is \(md5), not \(expected) as the md5 field says; send it again.")
        }
        let upload: DemoUploadReceiver.StoredUpload
        do {
            upload = try keep(file, key: key, orderID: fields["orderId"] ?? "", index: index, md5: md5)
        } catch {
            state.book.withLock { $0.forget(key) }
            return Self.json(.init(status: 500, body: Self.message("The upload could not be written: \(error)")))
        }
        let count = state.stored.withLock { stored -> Int in
            stored.append(upload)
            return stored.count
        }
        let answer = UploadKeyBook.Answer(status: 201, body: Self.body(["id": "upl_\(count)", "key": key]))
        state.book.withLock { $0.finish(key, fingerprint: fingerprint, answer: answer) }
        state.record { $0.stored += 1 }
        // Stored and remembered: a sender that never sees this answer will send again, and get it replayed.
        let faults = state.faults.withLock { $0 }
        if let after = faults.holdAnswersAfter, count > after { await state.hold(for: faults.holdAnswersFor) }
        return Self.json(answer)
    }

    /// Writes the file into the folder (when there is one) and describes it.
    private func keep(
        _ file: MultipartFormParts.Part, key: String, orderID: String, index: Int, md5: String
    ) throws -> DemoUploadReceiver.StoredUpload {
        var target: URL?
        if let folder = state.folder.withLock({ $0 }) {
            let order = folder.appendingPathComponent(Self.safeName(orderID.isEmpty ? "no-order" : orderID), isDirectory: true)
            try AtomicFile.makeDirectory(order)
            let ext = Self.safeName(((file.fileName ?? "") as NSString).pathExtension)
            let url = order.appendingPathComponent("\(String(format: "%03d", index))-\(md5).\(ext.isEmpty ? "bin" : ext)")
            try AtomicFile.write(file.body, to: url)
            target = url
        }
        return DemoUploadReceiver.StoredUpload(
            key: key, orderID: orderID, index: index, fileName: file.fileName ?? "", byteCount: file.body.count, md5: md5, file: target)
    }

    private func refuse(_ status: Int, _ message: String) -> Response {
        state.record { $0.refused += 1 }
        return Self.json(.init(status: status, body: Self.message(message)))
    }

    static func message(_ text: String) -> String { body(["message": text]) }

    /// A flat JSON object.
    static func body(_ object: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Letters, digits, `.`, `-` and `_`; anything else becomes `_`.
    static func safeName(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    static func json(_ answer: UploadKeyBook.Answer, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: .init(code: answer.status), headers: fields, body: .init(byteBuffer: ByteBuffer(string: answer.body)))
    }
}
