import Testing
@testable import photosource

@Suite("Terminal pictures")
struct TerminalPictureTests {
    @Test("xterm-256 picks the cube for colours and the ramp for grays", arguments: [
        ([255, 0, 0], 196), ([0, 0, 255], 21), ([0, 255, 0], 46), ([255, 255, 255], 231),
        ([0, 0, 0], 16), ([128, 128, 128], 244), ([18, 18, 18], 233),
    ])
    func nearestColour(rgb: [Int], index: Int) {
        #expect(TerminalPicture.xterm256((rgb[0], rgb[1], rgb[2])) == index)
    }

    @Test("an odd last row keeps the terminal's background; gray and alpha pixels are read right")
    func oddRowsAndChannels() {
        let gray = TerminalPicture(width: 1, height: 3, channels: 1, samples: [10, 20, 30], trueColor: true)
        let rgba = TerminalPicture(width: 1, height: 1, channels: 4, samples: [200, 100, 50, 128], trueColor: true)
        // When
        let lines = gray.lines()
        let composited = rgba.color(0, 0)
        // Then
        #expect(lines == [
            "\u{1B}[38;2;10;10;10m\u{1B}[48;2;20;20;20m▀\u{1B}[0m",
            "\u{1B}[38;2;30;30;30m\u{1B}[49m▀\u{1B}[0m",
        ])
        #expect(composited == (100, 50, 25))
    }
}
