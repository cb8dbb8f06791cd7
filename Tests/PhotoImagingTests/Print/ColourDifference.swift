import Foundation

/// CIE Lab from sRGB or XYZ, and the CIEDE2000 colour difference, for the print-file colour tests.
enum ColourDifference {
    /// D65 white, Y = 1.
    static let white = [0.95047, 1.0, 1.08883]

    /// Encoded sRGB (0–255) to XYZ (D65).
    static func xyz(sRGB rgb: [Int]) -> [Double] {
        MatrixProfile(
            toXYZ: [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]],
            curve: .sRGB
        ).xyz(rgb)
    }

    /// XYZ (D65) to the sRGB the reference expects: linear, clipped to the gamut, encoded 0–255.
    static func sRGB(xyz: [Double]) -> [Int] {
        let inverse = [[3.2404542, -1.5371385, -0.4985314], [-0.9692660, 1.8760108, 0.0415560], [0.0556434, -0.2040259, 1.0572252]]
        return inverse.map { row in
            let linear = min(1, max(0, zip(row, xyz).map(*).reduce(0, +)))
            let encoded = linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
            return Int((encoded * 255).rounded())
        }
    }

    static func lab(xyz: [Double]) -> [Double] {
        let f = { (t: Double) in t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let (fx, fy, fz) = (f(xyz[0] / white[0]), f(xyz[1] / white[1]), f(xyz[2] / white[2]))
        return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
    }

    /// ΔE2000 between two sRGB colours.
    static func deltaE2000(_ a: [Int], _ b: [Int]) -> Double {
        deltaE2000(lab(xyz: xyz(sRGB: a)), lab(xyz: xyz(sRGB: b)))
    }

    /// ΔE2000 between two Lab colours (Sharma, Wu and Dalal's formulation).
    static func deltaE2000(_ lab1: [Double], _ lab2: [Double]) -> Double {
        let (l1, a1, b1, l2, a2, b2) = (lab1[0], lab1[1], lab1[2], lab2[0], lab2[1], lab2[2])
        let degrees = 180 / Double.pi
        let cBar = (hypot(a1, b1) + hypot(a2, b2)) / 2
        let g = 0.5 * (1 - sqrt(pow(cBar, 7) / (pow(cBar, 7) + pow(25, 7))))
        let (a1p, a2p) = ((1 + g) * a1, (1 + g) * a2)
        let (c1p, c2p) = (hypot(a1p, b1), hypot(a2p, b2))
        let hue = { (b: Double, a: Double) -> Double in
            guard a != 0 || b != 0 else { return 0 }
            let h = atan2(b, a) * degrees
            return h < 0 ? h + 360 : h
        }
        let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p))
        let deltaL = l2 - l1, deltaC = c2p - c1p
        var deltaH = 0.0
        if c1p * c2p != 0 {
            deltaH = h2p - h1p
            if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
        }
        let bigDeltaH = 2 * sqrt(c1p * c2p) * sin(deltaH / 2 / degrees)
        let lBar = (l1 + l2) / 2, cBarP = (c1p + c2p) / 2
        var hBar = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 { hBar /= 2 } else { hBar = h1p + h2p < 360 ? (hBar + 360) / 2 : (hBar - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((hBar - 30) / degrees) + 0.24 * cos(2 * hBar / degrees)
            + 0.32 * cos((3 * hBar + 6) / degrees) - 0.20 * cos((4 * hBar - 63) / degrees)
        let deltaTheta = 30 * exp(-pow((hBar - 275) / 25, 2))
        let rc = 2 * sqrt(pow(cBarP, 7) / (pow(cBarP, 7) + pow(25, 7)))
        let sl = 1 + 0.015 * pow(lBar - 50, 2) / sqrt(20 + pow(lBar - 50, 2))
        let sc = 1 + 0.045 * cBarP, sh = 1 + 0.015 * cBarP * t
        let rt = -sin(2 * deltaTheta / degrees) * rc
        return sqrt(pow(deltaL / sl, 2) + pow(deltaC / sc, 2) + pow(bigDeltaH / sh, 2) + rt * (deltaC / sc) * (bigDeltaH / sh))
    }
}
