import Crypto
import Foundation
import PhotoSourceKit

/// The body of `POST /v1/orders`:
/// `{reference, product, items: [{source, itemId, copies, product?}], destinations?: [id…]}`.
struct OrderRequest: Codable, Sendable, Hashable {
    /// One line.
    struct Line: Codable, Sendable, Hashable {
        var source: String
        var itemId: String
        var copies: Int?
        var product: String?
    }

    var reference: String
    var product: String
    var items: [Line]
    var destinations: [String]?

    /// The most lines one order may have.
    static let maximumItems = 500

    /// Decodes and checks a body against the configuration's products and enabled destinations.
    ///
    /// - Throws: `.invalidData` with a sentence naming the field.
    static func parse(_ body: Data, configuration: ServiceConfiguration) throws -> OrderRequest {
        let request: OrderRequest
        do {
            request = try JSONDecoder().decode(OrderRequest.self, from: body)
        } catch {
            throw PhotoSourceError(
                .invalidData, "The order is not valid JSON of the form {reference, product, items: [{source, itemId, copies}], destinations?}.")
        }
        let products = Set(configuration.products.map(\.id))
        guard !request.reference.isEmpty, request.reference.count <= 200 else {
            throw PhotoSourceError(.invalidData, "reference must be 1 to 200 characters: the shop's own order number.")
        }
        guard products.contains(request.product) else {
            throw PhotoSourceError(.invalidData, "product \"\(request.product)\" is not offered; GET /v1/products lists them.")
        }
        guard (1...maximumItems).contains(request.items.count) else {
            throw PhotoSourceError(.invalidData, "items must hold 1 to \(maximumItems) photos.")
        }
        for (index, line) in request.items.enumerated() {
            guard !line.source.isEmpty, !line.itemId.isEmpty else {
                throw PhotoSourceError(.invalidData, "items[\(index)] needs a source and an itemId.")
            }
            _ = try ItemIdentifier.checked(line.itemId, kind: "items[\(index)].itemId")
            guard (1...1000).contains(line.copies ?? 1) else {
                throw PhotoSourceError(.invalidData, "items[\(index)].copies must be from 1 to 1000.")
            }
            if let product = line.product, !products.contains(product) {
                throw PhotoSourceError(.invalidData, "items[\(index)].product \"\(product)\" is not offered; GET /v1/products lists them.")
            }
        }
        let enabled = configuration.destinations.filter(\.enabled).map(\.id)
        if let named = request.destinations {
            guard !named.isEmpty, Set(named).count == named.count else {
                throw PhotoSourceError(.invalidData, "destinations must name at least one destination, each once.")
            }
            for id in named where !enabled.contains(id) {
                throw PhotoSourceError(.invalidData, "destinations: \"\(id)\" is not an enabled destination; the enabled ones are \(enabled).")
            }
        } else if enabled.isEmpty {
            throw PhotoSourceError(.invalidData, "No destination is enabled in the service's configuration, so no order can be delivered.")
        }
        return request
    }

    /// The destinations the order goes to: those named, else every enabled one (in configuration order).
    func destinationIDs(in configuration: ServiceConfiguration) -> [String] {
        destinations ?? configuration.destinations.filter(\.enabled).map(\.id)
    }

    /// SHA-256 of the request re-encoded with sorted keys and defaults filled in, so spacing and
    /// key order do not matter but every value does.
    var hash: String {
        var normal = self
        normal.items = items.map { Line(source: $0.source, itemId: $0.itemId, copies: $0.copies ?? 1, product: $0.product ?? product) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = (try? encoder.encode(normal)) ?? Data()
        return Hex.string(SHA256.hash(data: bytes))
    }
}
