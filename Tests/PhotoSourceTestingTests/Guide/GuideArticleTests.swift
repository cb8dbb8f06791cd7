import Foundation
import Testing

/// The article docs/WritingAPhotoSource.md shows code that these tests compile and run;
/// this suite makes sure the article and the compiled files cannot drift apart.
@Suite("docs/WritingAPhotoSource.md matches the compiled guide code")
struct GuideArticleTests {
    static let guideFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let article = guideFolder.appendingPathComponent("../../../docs/WritingAPhotoSource.md").standardized

    /// The contents of every fenced ```swift block, in order.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("the first Swift block is GuideExampleSource.swift, byte for byte")
    func sourceBlockIsTheCompiledFile() throws {
        let blocks = Self.swiftBlocks(in: try String(contentsOf: Self.article, encoding: .utf8))
        let file = try String(contentsOf: Self.guideFolder.appendingPathComponent("GuideExampleSource.swift"), encoding: .utf8)

        let first = try #require(blocks.first, "the article has no ```swift block")
        #expect(first == file)
        #expect(file.split(separator: "\n").count < 100, "the guide promises a source in under 100 lines")
    }

    /// The lines of `text` without their indentation.
    static func dedentedLines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }
    }

    /// Whether `block`'s lines appear, in a row, among `file`'s lines (indentation aside).
    static func file(_ file: String, contains block: String) -> Bool {
        let lines = dedentedLines(file)
        let wanted = Array(dedentedLines(block).dropLast())  // the block ends with a newline
        guard !wanted.isEmpty, wanted.count <= lines.count else { return false }
        return (0...(lines.count - wanted.count)).contains { Array(lines[$0..<($0 + wanted.count)]) == wanted }
    }

    @Test("every other Swift block appears, line for line, in a compiled guide file")
    func otherBlocksAreCompiled() throws {
        let blocks = Self.swiftBlocks(in: try String(contentsOf: Self.article, encoding: .utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.guideFolder.path).filter { $0.hasSuffix(".swift") }
        let files = try names.map { try String(contentsOf: Self.guideFolder.appendingPathComponent($0), encoding: .utf8) }

        #expect(blocks.count >= 3)
        for block in blocks.dropFirst() {
            #expect(files.contains { Self.file($0, contains: block) }, "not found in Tests/PhotoSourceTestingTests/Guide:\n\(block)")
        }
    }

    @Test("a block matches only a run of whole lines")
    func lineMatching() {
        let file = "struct A {\n    let a = 1\n    let b = 2\n}\n"
        #expect(Self.file(file, contains: "let a = 1\nlet b = 2\n"))
        #expect(!Self.file(file, contains: "let a = 1\nlet c = 3\n"))
        #expect(!Self.file(file, contains: "let b = 2\nlet a = 1\n"))
        #expect(!Self.file(file, contains: "a = 1\n"))
    }

    @Test("the block parser finds fenced Swift blocks and ignores others")
    func parser() {
        let markdown = "text\n```swift\nlet a = 1\n```\n```sh\nls\n```\n  ```swift\nlet b = 2\n\nlet c = 3\n  ```\n"
        #expect(Self.swiftBlocks(in: markdown) == ["let a = 1\n", "let b = 2\n\nlet c = 3\n"])
    }
}
