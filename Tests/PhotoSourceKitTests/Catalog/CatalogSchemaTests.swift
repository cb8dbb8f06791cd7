import Foundation
import PhotoSourceKit
import Testing

/// docs/catalog.schema.json and the linter share their names: this suite keeps them equal.
@Suite("Catalog schema")
struct CatalogSchemaTests {
    static func schema() throws -> [String: Any] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../docs/catalog.schema.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: root.standardizedFileURL))
        return try #require(object as? [String: Any])
    }

    static func enumeration(_ name: String) throws -> [String] {
        let definitions = try #require(try schema()["$defs"] as? [String: Any])
        let definition = try #require(definitions[name] as? [String: Any])
        return try #require(definition["enum"] as? [String])
    }

    @Test("the schema's action, platform and parameter names are the linter's")
    func vocabulary() throws {
        #expect(try Self.enumeration("actionName") == CatalogVocabulary.actions)
        #expect(try Self.enumeration("platform") == CatalogVocabulary.platforms)
        #expect(try Self.enumeration("parameterName") == CatalogVocabulary.parameters)
    }

    @Test("the schema's handler limit is the parser's default")
    func handlerLimit() throws {
        let properties = try #require(try Self.schema()["properties"] as? [String: Any])
        let handlers = try #require(properties["handlers"] as? [String: Any])
        #expect(handlers["maxItems"] as? Int == HandlerCatalog.Limits().maximumHandlers)
    }
}
