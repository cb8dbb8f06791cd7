import Foundation
@testable import PhotoSourceService

// The service's parsers that need no HTTP request: signed URLs, `Range` and the configuration
// file. The HTTP ones (Authorization, CORS, request bodies) are in ServiceHTTPHarnesses.swift.
// Every harness checks properties, not only "no crash": a forged URL that verifies, a range
// outside the file or a configuration that does not survive its own round trip stops the run.

/// Reads a fuzz input as fields: length-prefixed strings and fixed-size integers, zeros once
/// the bytes run out, so every input is a valid (if short) record.
struct FieldReader {
    private var bytes: ArraySlice<UInt8>

    init(_ data: Data) { bytes = ArraySlice(data) }

    /// The bytes not read yet.
    var rest: [UInt8] { Array(bytes) }

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    mutating func integer() -> Int64 {
        (0..<8).reduce(Int64(0)) { value, _ in value << 8 | Int64(byte()) }
    }

    /// A string of at most 63 bytes (the first byte's low six bits give the length).
    mutating func string() -> String {
        let count = min(Int(byte() & 0x3F), bytes.count)
        defer { bytes = bytes.dropFirst(count) }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }
}

/// The signing keys: the first signs, both verify (a rotation in progress).
private let signer = try! URLSigner(base64Keys: [
    Data(repeating: 0x5A, count: 32).base64EncodedString(), Data((0..<48).map { UInt8($0) }).base64EncodedString(),
])
private let now = Date(timeIntervalSince1970: 1_800_000_000)

/// The kinds a signature is checked under (a thumbnail's never verifies as an original's).
private let kinds: [SignedAsset.Kind] = [.thumbnail, .original]

private func verify(_ path: String, kind: SignedAsset.Kind) -> Result<SignedAsset, URLSigner.Refusal> {
    let parts = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    let payload = parts.count > 1 ? String(parts[1]) : ""
    do {
        return .success(try signer.verify(signature: String(parts[0]), payload: payload, kind: kind, now: now))
    } catch {
        return .failure(error)
    }
}

/// Base64URL is canonical both ways: bytes survive encode → decode, and text that decodes
/// encodes back to itself (so a different text is always a different signature or payload).
private func checkBase64URL(_ bytes: [UInt8], text: String) {
    guard Base64URL.decode(Base64URL.encode(bytes)) == Data(bytes) else { fatalError("base64url round trip lost \(bytes)") }
    if let decoded = Base64URL.decode(text), Base64URL.encode(decoded) != text {
        fatalError("base64url: \(text.debugDescription) decodes but is not canonical")
    }
}

/// Signed URLs. Mode 0: the input is a whole `signature/payload`, which the fuzzer cannot have
/// signed, so it must never verify. Mode 1: a genuine URL for fields taken from the input must
/// verify (or be refused as expired) and give back the same asset; the rest of the input edits
/// the URL, and any edit must make it `.tampered` under both kinds.
private func signedURL(_ data: Data) {
    var reader = FieldReader(data)
    let mode = reader.byte() % 2
    if mode == 0 {
        let path = text(Data(reader.rest))
        for kind in kinds {
            if case .success(let asset) = verify(path, kind: kind) { fatalError("forged URL verified as \(kind): \(asset)") }
        }
        checkBase64URL(reader.rest, text: String(path.prefix(while: { $0 != "/" })))
        return
    }
    let kind = kinds[Int(reader.byte() % 2)]
    let asset = SignedAsset(
        session: reader.string(), source: reader.string(), item: reader.string(), version: reader.string(),
        size: Int(truncatingIfNeeded: reader.integer()), format: reader.string(), expires: reader.integer())
    let genuine = signer.path(for: asset, kind: kind)
    switch verify(genuine, kind: kind) {
    case .success(let verified) where verified == asset && asset.expires > Int64(now.timeIntervalSince1970): break
    case .failure(.expired) where Double(asset.expires) <= now.timeIntervalSince1970: break
    case let outcome: fatalError("genuine URL for \(asset) gave \(outcome)")
    }
    let other = kind == .thumbnail ? SignedAsset.Kind.original : .thumbnail
    guard case .failure(.tampered) = verify(genuine, kind: other) else { fatalError("\(kind) URL verified as \(other)") }
    // Edits: (position, byte) pairs applied to the genuine URL's bytes.
    var edited = Array(genuine.utf8)
    let edits = reader.rest
    for index in stride(from: 0, to: edits.count - 1, by: 2) where !edited.isEmpty {
        let position = Int(edits[index]) % (edited.count + 1)
        if edits[index + 1] == 0 {
            edited.remove(at: min(position, edited.count - 1))
        } else if position == edited.count {
            edited.append(edits[index + 1])
        } else {
            edited[position] = edits[index + 1]
        }
    }
    let tampered = String(decoding: edited, as: UTF8.self)
    if tampered != genuine {
        for kind in kinds {
            guard case .failure(.tampered) = verify(tampered, kind: kind) else {
                fatalError("tampered URL \(tampered.debugDescription) (from \(genuine)) was not refused as tampered")
            }
        }
    }
    checkBase64URL(edits, text: tampered)
}

/// `Range: bytes=…`: the first line is the file size, the rest the header. A range it returns
/// lies inside the file, and the headers the controller builds from it can be built.
private func byteRange(_ data: Data) {
    let lines = text(data).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let size = max(0, Int(lines[0]) ?? 1000)
    let header = lines.count > 1 ? String(lines[1]) : ""
    guard case .part(let range) = ByteRange.parse(header, size: size) else { return }
    guard range.lowerBound >= 0, range.upperBound < size else { fatalError("\(header.debugDescription) gave \(range) for a \(size)-byte file") }
    _ = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)" + String(range.count)
}

/// The configuration file: what decodes is validated, and what validates survives a round
/// trip through its own encoding unchanged (a field the encoder forgets would be lost when a
/// starting file is written).
private func serviceConfiguration(_ data: Data) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    _ = try? JSONDecoder().decode(ServiceKeyFile.self, from: data)
    _ = try? JSONDecoder().decode([Product].self, from: data)
    guard let configuration = try? JSONDecoder().decode(ServiceConfiguration.self, from: data) else { return }
    for hash in configuration.apiKeyHashes {
        if let digest = SecretHash.parseAPIKeyHash(hash), digest.count != 32 { fatalError("\(hash) parsed to \(digest.count) bytes") }
    }
    guard (try? configuration.validate()) != nil else { return }
    guard let first = try? encoder.encode(configuration),
          let again = try? JSONDecoder().decode(ServiceConfiguration.self, from: first),
          let second = try? encoder.encode(again), first == second
    else {
        fatalError("configuration does not survive its round trip: \(String(decoding: data, as: UTF8.self))")
    }
}

let serviceHarnesses: [Harness] = [
    Harness(name: "signed-url", body: signedURL),
    Harness(name: "byte-range", body: byteRange),
    Harness(name: "service-config", body: serviceConfiguration),
] + serviceHTTPHarnesses
