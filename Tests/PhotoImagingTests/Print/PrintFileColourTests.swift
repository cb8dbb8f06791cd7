import Foundation
import Testing
import PhotoSourceKit
@testable import PhotoImaging

@Suite("Print files: colour")
struct PrintFileColourTests {
    /// Saturated but mostly in-gamut colours, a gray and the extremes.
    static let colours: [[Int]] = [[200, 60, 40], [40, 170, 90], [50, 80, 200], [128, 128, 128], [250, 240, 60], [20, 20, 20]]
    /// 64×96 pixels for a 4×6 at 300 dpi: rendered 1:1, so only the colour step changes pixels.
    let spec = PrintFileSpec(printSize: .inches(4, 6))

    @Test("The ΔE2000 formula gives Sharma's published value")
    func deltaEFormula() {
        let value = ColourDifference.deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])
        #expect(abs(value - 2.0425) < 0.0005)
    }

    @Test("Display P3 (PNG, iCCP) and Adobe RGB (JPEG, APP2) come out in sRGB within ΔE2000 2 of the reference",
          arguments: [("Display P3", true), ("Adobe RGB", false)])
    func rgbProfiles(name: String, displayP3: Bool) throws {
        let profile = displayP3 ? MatrixProfile.displayP3 : MatrixProfile.adobeRGB
        let image = ProfiledImages.patches(Self.colours)
        // When
        let data = displayP3 ? try ProfiledImages.png(image, profile: profile.bytes) : try ProfiledImages.jpeg(image, profile: profile.bytes)
        let file = try PrintFileRenderer.render(data, spec: spec)
        // Then
        #expect(file.colourSource == .embeddedProfile, "\(name): \(file.profileProblem ?? "")")
        let output = try ImageDecoder.decodeFull(file.data)
        #expect(output.width == 64 && output.height == 96)
        var untreated = 0.0
        for (index, colour) in Self.colours.enumerated() {
            let reference = ColourDifference.sRGB(xyz: profile.xyz(colour))
            let got = ProfiledImages.patch(output, index)
            let difference = ColourDifference.deltaE2000(got, reference)
            #expect(difference <= 2, "\(name) patch \(colour): got \(got), reference \(reference), ΔE2000 \(difference)")
            untreated = max(untreated, ColourDifference.deltaE2000(colour, reference))
        }
        // The test can fail: the pixels passed through unconverted miss the tolerance.
        #expect(untreated > 3)
    }

    @Test("A CMYK JPEG with its profile is converted through that profile (lcms's transicc as the reference)")
    func cmykProfile() throws {
        let path = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
        let profile = try #require(FileManager.default.contents(atPath: path), "make test installs libgs-common, which ships \(path)")
        let inks: [[Int]] = [[0, 0, 0, 0], [100, 0, 0, 0], [0, 100, 0, 0], [0, 0, 100, 0], [0, 0, 0, 100], [20, 40, 60, 10]]
        let image = ProfiledImages.patches(inks.map { $0.map { 255 - $0 * 255 / 100 } }, channels: 4)
        let data = try ProfiledImages.cmykJPEG(inverted: image.pixels, width: image.width, height: image.height, profile: [UInt8](profile))
        // When
        let file = try PrintFileRenderer.render(data, spec: spec)
        // Then
        #expect(file.colourSource == .embeddedProfile)
        let output = try ImageDecoder.decodeFull(file.data)
        let references = try Transicc.sRGB(cmykPercentages: inks, profile: path)
        var naiveWorst = 0.0
        for (index, ink) in inks.enumerated() {
            let got = ProfiledImages.patch(output, index)
            let difference = ColourDifference.deltaE2000(got, references[index])
            #expect(difference <= 2, "CMYK \(ink): got \(got), transicc \(references[index]), ΔE2000 \(difference)")
            let naive = ink.map { Double(100 - $0) / 100 }
            let naiveRGB = (0..<3).map { Int((naive[$0] * naive[3] * 255).rounded()) }
            naiveWorst = max(naiveWorst, ColourDifference.deltaE2000(naiveRGB, references[index]))
        }
        // The profile matters: the formula without it is far off for some ink.
        #expect(naiveWorst > 5)
    }

    @Test("A photo without a profile is taken as sRGB; a damaged profile is named and ignored")
    func missingAndDamagedProfiles() throws {
        let image = ProfiledImages.patches(Self.colours)
        let plain = try PrintFileRenderer.render(try ImageEncoder.png(image), spec: spec)
        #expect(plain.colourSource == .assumedSRGB && plain.profileProblem == nil)
        var damaged = MatrixProfile.displayP3.bytes
        damaged.replaceSubrange(36..<40, with: Array("xxxx".utf8))  // the 'acsp' signature
        let file = try PrintFileRenderer.render(try ProfiledImages.png(image, profile: damaged), spec: spec)
        #expect(file.colourSource == .assumedSRGB)
        #expect(file.profileProblem == "the embedded colour profile could not be read")
        let output = try ImageDecoder.decodeFull(file.data)
        for (index, colour) in Self.colours.enumerated() {
            #expect(ColourDifference.deltaE2000(ProfiledImages.patch(output, index), colour) < 1.5)
        }
    }

    @Test("Print files embed the sRGB profile, which the profile reader finds again")
    func embedsSRGB() throws {
        let file = try PrintFileRenderer.render(try ImageEncoder.png(ProfiledImages.patches(Self.colours)), spec: spec)
        let embedded = try #require(EmbeddedColourProfile.read(file.data, format: .jpeg))
        #expect([UInt8](embedded) == ColourConversion.sRGBProfile)
        #expect(ColourConversion.colourSpace(of: embedded) == .rgb)
    }
}
