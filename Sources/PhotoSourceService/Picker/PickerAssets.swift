import Crypto
import Foundation
import PhotoSourceKit

/// The web picker's files (`Resources/picker`), renamed by content: `app.js` is served as
/// `app.1a2b3c4d5e.js`, so every file but the page itself is cached as `immutable`.
///
/// Names are computed once, from the bytes, when the service starts; there is no build step.
/// A file that refers to another as `./NAME` (an HTML `src`, a JavaScript `import`, a CSS
/// `url()`) gets the other's hashed name written in before its own hash is taken, so a change
/// anywhere renames every file that leads to it.
struct PickerAssets: Sendable {
    /// One file as served.
    struct Asset: Sendable {
        /// The hashed name (`app.1a2b3c4d5e.js`).
        let name: String
        /// `text/javascript; charset=utf-8` and the like.
        let contentType: String
        /// The bytes, references rewritten.
        let body: String
    }

    /// The page (`index.html`), references rewritten; not hashed (its address is the picker's).
    let index: String
    /// Hashed assets by hashed name.
    let byHashedName: [String: Asset]
    /// Hashed names by source name (`app.js` → `app.1a2b3c4d5e.js`).
    let hashedNames: [String: String]

    /// The files shipped with the service, read and hashed once per process.
    static let bundled: PickerAssets = {
        let folder = Bundle.module.url(forResource: "picker", withExtension: nil)
        return (try? folder.map(PickerAssets.init(folder:))) ?? PickerAssets(files: ["index.html": "<!doctype html><title>missing</title>"])
    }()

    /// Reads every file of `folder` (text files, no subfolders).
    init(folder: URL) throws {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        self.init(files: files)
    }

    /// Hashes `files` (name → text); `index.html` is the page.
    init(files: [String: String]) {
        var hashed: [String: (name: String, body: String)] = [:]
        func resolve(_ name: String, visiting: Set<String>) -> (name: String, body: String) {
            if let done = hashed[name] { return done }
            var body = files[name] ?? ""
            for other in files.keys.sorted() where other != name && other != "index.html" && body.contains("./" + other) {
                // A cycle keeps the plain name (modules must not import each other in a circle).
                guard !visiting.contains(other) else { continue }
                body = body.replacingOccurrences(of: "./" + other, with: "./" + resolve(other, visiting: visiting.union([name])).name)
            }
            let result = (name: Self.hashedName(name, body: body), body: body)
            hashed[name] = result
            return result
        }
        var byHashedName: [String: Asset] = [:]
        var hashedNames: [String: String] = [:]
        for name in files.keys.sorted() where name != "index.html" {
            let asset = resolve(name, visiting: [name])
            byHashedName[asset.name] = Asset(name: asset.name, contentType: Self.contentType(of: name), body: asset.body)
            hashedNames[name] = asset.name
        }
        var index = files["index.html"] ?? ""
        for (name, hashedName) in hashedNames { index = index.replacingOccurrences(of: "./" + name, with: "./" + hashedName) }
        self.index = index
        self.byHashedName = byHashedName
        self.hashedNames = hashedNames
    }

    /// `app.js` with body hash `1a2b…` → `app.1a2b3c4d5e.js` (the first 10 hex digits of SHA-256).
    static func hashedName(_ name: String, body: String) -> String {
        let digest = SHA256.hash(data: Data(body.utf8)).prefix(5).map { String(format: "%02x", $0) }.joined()
        guard let dot = name.lastIndex(of: ".") else { return name + "." + digest }
        return "\(name[..<dot]).\(digest)\(name[dot...])"
    }

    /// The media type served for a file name.
    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last.map(String.init) {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "html": "text/html; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
