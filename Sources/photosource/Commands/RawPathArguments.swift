import Foundation
import PhotoSourceKit

/// Path arguments as the bytes the user typed, for file names that are not valid UTF-8.
///
/// `CommandLine.arguments` (and so ArgumentParser) replaces invalid UTF-8 with U+FFFD, which
/// names no file. This maps such an argument back to its raw `argv` bytes, as an
/// ``EncodedFileName`` path that the file functions of PhotoSourceKit open by those bytes.
enum RawPathArguments {
    /// `argument` as an ``EncodedFileName`` path: unchanged when it has no U+FFFD, else the raw
    /// bytes of the `argv` entry it was repaired from (`--name=value` entries included).
    static func encoded(_ argument: String, rawArguments: [[UInt8]] = Self.rawArguments()) -> String {
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return argument }
        for raw in rawArguments {
            if String(decoding: raw, as: UTF8.self) == argument { return EncodedFileName.encode(path: raw) }
            if let equals = raw.firstIndex(of: UInt8(ascii: "=")), raw.first == UInt8(ascii: "-"),
                String(decoding: raw[(equals + 1)...], as: UTF8.self) == argument
            {
                return EncodedFileName.encode(path: raw[(equals + 1)...])
            }
        }
        return argument
    }

    /// The process's `argv` after the program name, as raw bytes.
    static func rawArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
        }
    }
}
