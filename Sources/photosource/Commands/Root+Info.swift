import ArgumentParser
import Foundation
import PhotoSourceKit
import PhotoSourceService

extension Root {
    /// `photosource info SOURCE ITEM-ID [--config FILE] [--json]`: the REPL's `info`, for scripts.
    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one item: id, kind, title, pixel size and its print fitness for each product.",
            discussion: """
                The products are the service's: those of --config (the file `photosource serve` \
                reads; only its products are used), else the ones the service offers without a \
                configuration. Each is judged as orders are: `low` below the product's minimumDPI, \
                `good` from its goodDPI (300 unless set), dpi rounded down. With --json the output \
                is one object: {"source", "id", "kind", "title", "width", "height", "publicURL", \
                "printFitness": [{"product", "printSize", "effectiveDPI", "minimumDPI", "goodDPI", "verdict"}]}.
                """)

        @OptionGroup var source: SourceArgument

        @Argument(help: ArgumentHelp("The item's id; for local sources its path, such as Travel/Italy/rome.jpg.", valueName: "item-id"))
        var itemID: String

        @Option(help: ArgumentHelp("A service configuration file whose products to judge against.", valueName: "file"))
        var config: String?

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let text = try await CommandFailure.reported {
                let products = try config.map { try Self.products(inConfiguration: URL(fileURLWithPath: $0)) } ?? Product.defaults
                let resolved = try source.resolve()
                let report = ItemReport(item: try await resolved.item(itemID), sourceID: resolved.source.id, products: products)
                return output.json ? try JSONText.encode(report) : report.lines().joined(separator: "\n")
            }
            print(text)
        }

        /// The `products` of a service configuration file (the defaults when it has none); the
        /// rest of the file (keys, sources, destinations) is not read, so no secret is needed.
        static func products(inConfiguration file: URL) throws -> [Product] {
            struct ProductsOnly: Decodable {
                let products: [Product]?
            }
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw PhotoSourceError(.notFound, "The configuration file \(file.path) cannot be read; check the path after --config.", underlying: error)
            }
            let decoded: ProductsOnly
            do {
                decoded = try JSONDecoder().decode(ProductsOnly.self, from: data)
            } catch {
                throw PhotoSourceError(.invalidData, "The products in \(file.path) are not valid: \(Self.describe(error))", underlying: error)
            }
            guard let products = decoded.products else { return Product.defaults }
            guard !products.isEmpty else {
                throw PhotoSourceError(.invalidData, "The configuration file \(file.path) lists no products; the service would refuse it.")
            }
            return products
        }

        private static func describe(_ error: any Error) -> String {
            switch error {
            case DecodingError.keyNotFound(let key, let context): "\(path(context.codingPath + [key])) is missing."
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
                "\(path(context.codingPath)): \(context.debugDescription)"
            default: "\(error)"
            }
        }

        private static func path(_ codingPath: [any CodingKey]) -> String {
            "$" + codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
    }
}
