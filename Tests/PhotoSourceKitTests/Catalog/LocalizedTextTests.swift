import Foundation
import PhotoSourceKit
import Testing

@Suite("LocalizedText")
struct LocalizedTextTests {
    let name = LocalizedText(translations: ["en": "Photo editor", "de": "Fotoeditor", "fr-CA": "Éditeur photo", "zh-Hant": "相片編輯器"])

    @Test("the caller's preferred languages win in order, then en, then any")
    func resolution() {
        #expect(name.resolved(for: ["de"]) == "Fotoeditor")
        #expect(name.resolved(for: ["it", "de"]) == "Fotoeditor")
        #expect(name.resolved(for: ["de-CH"]) == "Fotoeditor")
        #expect(name.resolved(for: ["fr"]) == "Éditeur photo")
        #expect(name.resolved(for: ["ZH-hant"]) == "相片編輯器")
        #expect(name.resolved(for: ["it"]) == "Photo editor")
        #expect(name.resolved(for: []) == "Photo editor")
        #expect(LocalizedText(translations: ["ja": "写真", "de": "Foto"]).resolved(for: ["it"]) == "Foto")
        #expect(LocalizedText(translations: ["en-GB": "Colour"]).resolved(for: ["it"]) == "Colour")
    }

    @Test("a plain string decodes and encodes as a string; a map as a map")
    func coding() throws {
        let plain = try JSONDecoder().decode(LocalizedText.self, from: Data(#""Photopea""#.utf8))
        #expect(plain.resolved(for: ["de"]) == "Photopea")
        #expect(plain.languageTags.isEmpty)
        #expect(String(decoding: try JSONEncoder().encode(plain), as: UTF8.self) == #""Photopea""#)
        let map = try JSONDecoder().decode(LocalizedText.self, from: Data(#"{"en":"A","de":"B"}"#.utf8))
        #expect(map.languageTags == ["de", "en"])
    }

    @Test("BCP-47 well-formedness", arguments: [
        ("en", true), ("de-CH", true), ("zh-Hant-TW", true), ("sr-Latn", true), ("es-419", true), ("de-1996", true),
        ("x-private", true), ("en-US-x-twain", true), ("en_US", false), ("english", false), ("", false), ("e", false),
        ("en-", false), ("-en", false), ("en--US", false), ("de-CH-x", false), ("12", false), ("en US", false),
    ])
    func languageTags(tag: String, valid: Bool) {
        #expect(LanguageTag.isWellFormed(tag) == valid)
    }
}
