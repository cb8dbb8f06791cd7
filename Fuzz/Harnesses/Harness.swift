import Foundation
import FuzzMain  // links the entry point

/// One fuzz harness: a name (its corpus folder under Fuzz/Corpus, and FUZZ_HARNESS's value)
/// and a body that must never crash, hang or trip a sanitizer, whatever the bytes.
struct Harness: Sendable {
    let name: String
    let body: @Sendable (Data) -> Void
}

/// Every harness. To add one: write a `Harness` in a new
/// file next to this one, list it here, and commit a few small seed files under
/// Fuzz/Corpus/<name>/ (`make fuzz` runs one harness per corpus folder).
let allHarnesses: [Harness] = imagingHarnesses + pngFastHarnesses + networkingHarnesses + sourceHarnesses + serviceHarnesses

/// The harness FUZZ_HARNESS names (read once).
let selectedHarness: Harness = {
    let name = ProcessInfo.processInfo.environment["FUZZ_HARNESS"] ?? ""
    guard let harness = allHarnesses.first(where: { $0.name == name }) else {
        let names = allHarnesses.map(\.name).joined(separator: " ")
        FileHandle.standardError.write(Data("photosource-fuzz: set FUZZ_HARNESS to one of: \(names)\n".utf8))
        exit(2)
    }
    return harness
}()

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    selectedHarness.body(data)
    return 0
}

/// Checks FUZZ_HARNESS before libFuzzer starts, so a wrong name fails at once with the list.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    _ = selectedHarness
    return 0
}

/// Text harnesses see the bytes as UTF-8 (invalid sequences repaired, as a server's would be).
func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
