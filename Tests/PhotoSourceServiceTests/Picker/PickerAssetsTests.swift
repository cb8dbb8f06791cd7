import Foundation
import Testing

@testable import PhotoSourceService

@Suite("Picker files renamed by content")
struct PickerAssetsTests {
    @Test("a change in an imported module renames the module and every file that leads to it")
    func renamesPropagate() {
        // Given
        let files = ["index.html": #"<script type="module" src="./app.js"></script>"#,
                     "app.js": #"import { x } from "./util.js";"#, "util.js": "export const x = 1;", "other.js": "export const y = 2;"]
        var changed = files
        changed["util.js"] = "export const x = 2;"
        // When
        let before = PickerAssets(files: files)
        let after = PickerAssets(files: changed)
        // Then
        #expect(before.hashedNames["util.js"] != after.hashedNames["util.js"])
        #expect(before.hashedNames["app.js"] != after.hashedNames["app.js"])
        #expect(before.hashedNames["other.js"] == after.hashedNames["other.js"])
        let app = try! #require(after.hashedNames["app.js"])
        #expect(after.byHashedName[app]?.body == #"import { x } from "./\#(after.hashedNames["util.js"]!)";"#)
        #expect(after.index.contains("./\(app)"))
    }

    @Test("a name inside a longer name is left alone, and two modules importing each other do not loop")
    func namesAndCycles() {
        let assets = PickerAssets(files: ["index.html": "", "a.js": #"import "./b.js"; import "./ab.js";"#, "b.js": #"import "./a.js";"#, "ab.js": ""])
        let a = assets.byHashedName[assets.hashedNames["a.js"]!]!.body
        #expect(a.contains("./\(assets.hashedNames["ab.js"]!)"))
        #expect(a.contains("./\(assets.hashedNames["b.js"]!)"))
    }

    @Test("the media types of the picker's files", arguments: [
        ("a.js", "text/javascript; charset=utf-8"), ("a.css", "text/css; charset=utf-8"), ("a.svg", "image/svg+xml"),
    ])
    func contentTypes(name: String, type: String) {
        #expect(PickerAssets.contentType(of: name) == type)
    }
}
