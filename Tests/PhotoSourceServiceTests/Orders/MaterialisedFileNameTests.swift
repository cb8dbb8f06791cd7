import PhotoImaging
@testable import PhotoSourceService
import Testing

@Suite("Orders: the file names delivered photos get")
struct MaterialisedFileNameTests {
    @Test("named by the title, not the id: a cloud's opaque id gives way to the title a person knows the photo by")
    func title() {
        #expect(OrderPipeline.fileName(index: 0, title: "Camera Roll 0002", format: .jpeg) == "001-Camera_Roll_0002.jpg")
        #expect(OrderPipeline.fileName(index: 41, title: "IMG_0042.JPG", format: .jpeg) == "042-IMG_0042.jpg")
        #expect(OrderPipeline.fileName(index: 2, title: "beach.png", format: .png) == "003-beach.png")
    }

    @Test("a title is the source's words: made safe, it never names a path or a hidden file", arguments: [
        ("../../.bashrc", "001-photo.jpg"),
        ("a/b/c.jpg", "001-c.jpg"),
        ("été à Nice.jpg", "001-_t____Nice.jpg"),
        ("", "001-photo.jpg"),
    ])
    func madeSafe(title: String, expected: String) {
        #expect(OrderPipeline.fileName(index: 0, title: title, format: .jpeg) == expected)
    }
}
