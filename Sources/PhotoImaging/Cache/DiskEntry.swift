import Foundation
import PhotoSourceKit

/// One thumbnail as stored on disk: a fixed header, the slot's key, the item's validator and
/// the encoded thumbnail, with the total length and a CRC-32 checked on every read.
///
/// Layout (little-endian): `"PSKT"`, version (1 byte), format (1 byte), 2 reserved bytes,
/// width, height, key length, validator length, payload length, CRC-32 (4 bytes each),
/// then the key, the validator and the payload. The CRC covers everything except itself.
struct DiskEntry: Sendable, Equatable {
    /// ``CacheKey/canonical`` of the slot, to tell hash collisions from hits.
    var key: String
    /// The item's version the thumbnail was made from (`""` when the downloader gave none).
    var validator: String
    /// The thumbnail.
    var thumbnail: Thumbnail

    private static let magic: [UInt8] = Array("PSKT".utf8)
    private static let version: UInt8 = 1
    private static let headerLength = 32
    private static let checksumOffset = 28

    /// Creates an entry.
    init(key: String, validator: String, thumbnail: Thumbnail) {
        self.key = key
        self.validator = validator
        self.thumbnail = thumbnail
    }

    /// The bytes to write.
    func encoded() -> Data {
        let keyBytes = Data(key.utf8)
        let validatorBytes = Data(validator.utf8)
        var data = Data(capacity: Self.headerLength + keyBytes.count + validatorBytes.count + thumbnail.data.count)
        data.append(contentsOf: Self.magic)
        data.append(Self.version)
        data.append(Self.code(of: thumbnail.format))
        data.append(contentsOf: [0, 0])
        for field in [thumbnail.pixelSize.width, thumbnail.pixelSize.height, keyBytes.count, validatorBytes.count, thumbnail.data.count] {
            Self.appendUInt32(field, to: &data)
        }
        Self.appendUInt32(0, to: &data)  // the CRC, filled in below
        data.append(keyBytes)
        data.append(validatorBytes)
        data.append(thumbnail.data)
        let crc = Self.checksum(of: data)
        data.replaceSubrange(Self.checksumOffset..<Self.headerLength, with: Self.littleEndian(Int(crc)))
        return data
    }

    /// Parses and verifies `data`; throws `.invalidData` saying what is wrong with it.
    init(decoding data: Data) throws {
        let data = Data(data)  // a slice-free copy, so offsets start at 0
        let header = data.withUnsafeBytes { raw -> [Int]? in
            let bytes = BoundedBytes(raw: raw, bigEndian: false)
            guard bytes.matches(Self.magic, at: 0), bytes.u8(4) == Int(Self.version), let format = bytes.u8(5)
            else { return nil }
            let fields = stride(from: 8, through: Self.checksumOffset, by: 4).compactMap { bytes.u32($0) }
            return fields.count == 6 ? [format] + fields : nil
        }
        guard let header else {
            throw PhotoSourceError(.invalidData, "The cache entry has no valid header.")
        }
        let (width, height, keyLength, validatorLength, payloadLength) = (header[1], header[2], header[3], header[4], header[5])
        guard Self.headerLength + keyLength + validatorLength + payloadLength == data.count else {
            throw PhotoSourceError(.invalidData, "The cache entry is \(data.count) bytes, not the length its header records (truncated or padded).")
        }
        guard UInt32(header[6]) == Self.checksum(of: data) else {
            throw PhotoSourceError(.invalidData, "The cache entry's checksum does not match its contents.")
        }
        guard let format = Self.format(code: header[0]) else {
            throw PhotoSourceError(.invalidData, "The cache entry has an unknown image format code \(header[0]).")
        }
        let keyEnd = Self.headerLength + keyLength
        let validatorEnd = keyEnd + validatorLength
        key = String(decoding: data[Self.headerLength..<keyEnd], as: UTF8.self)
        validator = String(decoding: data[keyEnd..<validatorEnd], as: UTF8.self)
        thumbnail = Thumbnail(data: Data(data[validatorEnd...]), pixelSize: PixelSize(width: width, height: height), format: format)
    }

    private static func checksum(of data: Data) -> UInt32 {
        let head = CRC32.checksum(data[0..<checksumOffset])
        return CRC32.checksum(data[headerLength...], continuing: head)
    }

    private static func code(of format: ImageFormat) -> UInt8 {
        switch format {
        case .jpeg: 1
        case .png: 2
        }
    }

    private static func format(code: Int) -> ImageFormat? {
        switch code {
        case 1: .jpeg
        case 2: .png
        default: nil
        }
    }

    private static func littleEndian(_ value: Int) -> [UInt8] {
        let value = UInt32(truncatingIfNeeded: value)
        return [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func appendUInt32(_ value: Int, to data: inout Data) {
        data.append(contentsOf: littleEndian(value))
    }
}
