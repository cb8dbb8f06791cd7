public import Foundation

/// A list of handlers: partners a shop can send a customer's photo to, and what each does.
///
/// The JSON format is documented in docs/catalog.md, with a JSON Schema in docs/catalog.schema.json.
/// ``parse(_:limits:)`` refuses oversized, deeply nested and malformed input with a
/// ``PhotoSourceError`` whose `detail` is the JSON pointer of the fault; ``CatalogLinter`` checks
/// the rest (names, tags, URLs).
public struct HandlerCatalog: Sendable, Hashable, Codable {
    /// How much input ``parse(_:limits:)`` accepts.
    public struct Limits: Sendable, Hashable {
        /// The largest document, in bytes (1 MiB by default).
        public var maximumBytes: Int
        /// The deepest nesting of arrays and objects (16 by default; a valid catalog needs 5).
        public var maximumDepth: Int
        /// The most handlers (1000 by default).
        public var maximumHandlers: Int

        /// Creates limits.
        public init(maximumBytes: Int = 1 << 20, maximumDepth: Int = 16, maximumHandlers: Int = 1000) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.maximumHandlers = maximumHandlers
        }
    }

    /// The format version (1).
    public let version: Int
    /// The handlers, in the catalog's order.
    public let handlers: [CatalogHandler]

    /// Creates a catalog.
    public init(version: Int = 1, handlers: [CatalogHandler]) {
        self.version = version
        self.handlers = handlers
    }

    /// The handler with `id`, if any.
    public func handler(id: String) -> CatalogHandler? { handlers.first { $0.id == id } }

    /// The handlers that declare `action`, in catalog order.
    public func handlers(for action: String) -> [CatalogHandler] { handlers.filter { $0.actions[action] != nil } }

    /// Parses a catalog document.
    ///
    /// - Throws: ``PhotoSourceError`` `.tooLarge` past a limit, `.invalidData` for anything that is
    ///   not a catalog, with the JSON pointer of the fault in `detail`.
    public static func parse(_ data: Data, limits: Limits = Limits()) throws -> HandlerCatalog {
        guard data.count <= limits.maximumBytes else {
            throw PhotoSourceError(.tooLarge, "The catalog is \(data.count) bytes; at most \(limits.maximumBytes) are accepted.")
        }
        if let depth = JSONNesting.firstDepth(beyond: limits.maximumDepth, in: data) {
            throw PhotoSourceError(
                .invalidData, "The catalog nests arrays and objects \(depth) deep; at most \(limits.maximumDepth) levels are accepted.")
        }
        let catalog: HandlerCatalog
        do {
            catalog = try JSONDecoder().decode(HandlerCatalog.self, from: data)
        } catch let error as DecodingError {
            throw JSONPointer.problem(for: error)
        } catch {
            throw PhotoSourceError(.invalidData, "The catalog is not JSON: \(error)", underlying: error)
        }
        guard catalog.version == 1 else {
            throw PhotoSourceError(.invalidData, "The catalog is version \(catalog.version); this service reads version 1.", detail: "/version")
        }
        guard catalog.handlers.count <= limits.maximumHandlers else {
            throw PhotoSourceError(
                .tooLarge, "The catalog lists \(catalog.handlers.count) handlers; at most \(limits.maximumHandlers) are accepted.")
        }
        return catalog
    }
}
