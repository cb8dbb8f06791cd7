import Foundation

/// A matrix/TRC ICC profile written byte by byte, so the colour tests depend on no profile file:
/// an RGB space given by its D65 RGB→XYZ matrix and one tone curve, with colorants adapted to the
/// D50 connection space by Bradford, as the ICC specification asks.
struct MatrixProfile {
    /// RGB→XYZ (D65), rows X, Y, Z.
    var toXYZ: [[Double]]
    /// The tone curve: a plain gamma, or the sRGB piecewise curve.
    var curve: Curve

    enum Curve {
        case gamma(Double)
        case sRGB

        /// Encoded value (0–1) to linear light.
        func linear(_ value: Double) -> Double {
            switch self {
            case let .gamma(gamma): pow(value, gamma)
            case .sRGB: value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
        }
    }

    /// Display P3: DCI-P3 primaries, D65 white, the sRGB curve.
    static let displayP3 = MatrixProfile(
        toXYZ: [[0.4865709, 0.2656677, 0.1982173], [0.2289746, 0.6917385, 0.0792869], [0.0, 0.0451134, 1.0439444]],
        curve: .sRGB)
    /// Adobe RGB (1998): its primaries, D65 white, gamma 563/256.
    static let adobeRGB = MatrixProfile(
        toXYZ: [[0.5767309, 0.1855540, 0.1881852], [0.2973769, 0.6273491, 0.0752741], [0.0270343, 0.0706872, 0.9911085]],
        curve: .gamma(563.0 / 256.0))

    /// Bradford adaptation D65 → D50.
    static let bradford: [[Double]] = [
        [1.0478112, 0.0228866, -0.0501270], [0.0295424, 0.9904844, -0.0170491], [-0.0092345, 0.0150436, 0.7521316],
    ]

    /// The ICC v2 profile.
    var bytes: [UInt8] {
        let adapted = Self.multiply(Self.bradford, toXYZ)
        let column = { (index: Int) in [adapted[0][index], adapted[1][index], adapted[2][index]] }
        let trc: [UInt8] = switch curve {
        case let .gamma(gamma): Self.ascii("curv") + [0, 0, 0, 0] + Self.be32(1) + Self.be16(Int((gamma * 256).rounded())) + [0, 0]
        case .sRGB:
            Self.ascii("para") + [0, 0, 0, 0] + Self.be16(3) + [0, 0]
                + [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].flatMap(Self.s15Fixed16)
        }
        let description = "PhotoSourceKit test RGB"
        let desc = Self.ascii("desc") + [0, 0, 0, 0] + Self.be32(description.utf8.count + 1) + Self.ascii(description) + [0]
            + [UInt8](repeating: 0, count: 4 + 4 + 2 + 1 + 67)
        let tags: [(String, [UInt8])] = [
            ("desc", desc),
            ("wtpt", Self.xyz([0.9642, 1.0, 0.8249])),
            ("rXYZ", Self.xyz(column(0))), ("gXYZ", Self.xyz(column(1))), ("bXYZ", Self.xyz(column(2))),
            ("rTRC", trc), ("gTRC", trc), ("bTRC", trc),
        ]
        var table = Self.be32(tags.count)
        var data = [UInt8]()
        let dataStart = 128 + 4 + 12 * tags.count
        for (signature, body) in tags {
            table += Self.ascii(signature) + Self.be32(dataStart + data.count) + Self.be32(body.count)
            data += body
            while data.count % 4 != 0 { data.append(0) }
        }
        let size = dataStart + data.count
        var header = Self.be32(size) + [0, 0, 0, 0] + [0x02, 0x10, 0, 0] + Self.ascii("mntr") + Self.ascii("RGB ") + Self.ascii("XYZ ")
        header += [UInt8](repeating: 0, count: 12) + Self.ascii("acsp") + [UInt8](repeating: 0, count: 4 + 4 + 4 + 4 + 8 + 4)
        header += Self.xyz([0.9642, 1.0, 0.8249]).suffix(12) + [UInt8](repeating: 0, count: 4 + 16 + 28)
        precondition(header.count == 128)
        return header + table + data
    }

    /// Encoded RGB (0–255) to XYZ (D65), through this profile's curve and matrix.
    func xyz(_ rgb: [Int]) -> [Double] {
        let linear = rgb.map { curve.linear(Double($0) / 255) }
        return toXYZ.map { row in zip(row, linear).map(*).reduce(0, +) }
    }

    static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in (0..<3).map { a[row][$0] * b[$0][column] }.reduce(0, +) } }
    }

    static func xyz(_ values: [Double]) -> [UInt8] { ascii("XYZ ") + [0, 0, 0, 0] + values.flatMap(s15Fixed16) }
    static func s15Fixed16(_ value: Double) -> [UInt8] { be32(Int(Int32((value * 65536).rounded()))) }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
}
