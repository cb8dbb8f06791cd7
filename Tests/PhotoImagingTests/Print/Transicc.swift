import Foundation

/// Little CMS's own command-line converter (Debian's liblcms2-utils), as the CMYK reference.
enum Transicc {
    /// sRGB (0–255) for CMYK ink percentages through `profile`, relative colorimetric with
    /// black-point compensation (what print files use).
    static func sRGB(cmykPercentages: [[Int]], profile: String) throws -> [[Int]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/transicc")
        process.arguments = ["-i", profile, "-o", "*sRGB", "-t", "1", "-b", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = cmykPercentages.map { $0.map(String.init).joined(separator: " ") }.joined(separator: "\n") + "\n"
        input.fileHandleForWriting.write(Data(lines.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Each answer is a line of three numbers (unbounded: out of gamut may be below 0 or above
        // 255, which an 8-bit transform clips); the banner lines are not.
        let rows = text.split(separator: "\n").compactMap { line -> [Double]? in
            let values = line.split(separator: " ").compactMap { Double($0) }
            return values.count == 3 && line.split(separator: " ").count == 3 ? values : nil
        }
        guard rows.count == cmykPercentages.count else {
            throw TransiccError(message: "transicc answered \(rows.count) colours for \(cmykPercentages.count): \(text)")
        }
        return rows.map { $0.map { min(255, max(0, Int($0.rounded()))) } }
    }

    struct TransiccError: Error { let message: String }
}
