import Foundation

/// Unpadded base64url (RFC 4648 §5) for tokens and signed URL parts.
///
/// PhotoNetworking and the demo cloud each keep an internal copy of this for their own wire
/// formats; the service's signed URLs are a public format of their own, so it has its own.
/// Both directions are byte loops (no Foundation string replacing): every signed thumbnail
/// request decodes two parts and every listed photo encodes four.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each ASCII byte's 6-bit value, 0xFF for bytes outside the base64url alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// `bytes` as unpadded base64url.
    static func encode(_ bytes: some DataProtocol) -> String {
        let input = Array(bytes)
        return String(unsafeUninitializedCapacity: (input.count * 4 + 2) / 3) { output in
            var written = 0
            var index = 0
            func put(_ value: UInt32) {
                output[written] = alphabet[Int(value & 0x3F)]
                written += 1
            }
            while index + 3 <= input.count {
                let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                put(group >> 18); put(group >> 12); put(group >> 6); put(group)
                index += 3
            }
            switch input.count - index {
            case 1:
                let group = UInt32(input[index]) << 16
                put(group >> 18); put(group >> 12)
            case 2:
                let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
                put(group >> 18); put(group >> 12); put(group >> 6)
            default: break
            }
            return written
        }
    }

    /// The bytes of unpadded base64url `text`, or `nil` when it is not base64url (padding,
    /// other characters, a length no encoding has, or stray bits in the last character).
    static func decode(_ text: some StringProtocol) -> Data? {
        var text = String(text)
        return text.withUTF8 { input -> Data? in
            guard input.count % 4 != 1 else { return nil }
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: input.count * 3 / 4 + 2) { output, written in
                var group: UInt32 = 0
                var count = 0
                func put(_ value: UInt32) {
                    output[written] = UInt8(truncatingIfNeeded: value)
                    written += 1
                }
                for byte in input {
                    let value = values[Int(byte)]
                    guard value != 0xFF else { failed = true; return }
                    group = group << 6 | UInt32(value)
                    count += 1
                    if count == 4 {
                        put(group >> 16); put(group >> 8); put(group)
                        group = 0
                        count = 0
                    }
                }
                switch count {
                case 2:
                    guard group & 0xF == 0 else { failed = true; return }
                    put(group >> 4)
                case 3:
                    guard group & 0x3 == 0 else { failed = true; return }
                    put(group >> 10); put(group >> 2)
                default: break
                }
            }
            return failed ? nil : Data(bytes)
        }
    }
}
