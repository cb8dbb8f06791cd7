import Crypto
import Foundation
import PhotoSourceKit

/// The body of `POST /v1/orders`: `{reference, product, items: [{source, itemId | scope, copies?,
/// product?, crop?, sizing?, rotation?, attributes?}], destinations?: [id…], recipient?,
/// shippingMethod?}` (checked field by field in `+Validation`).
struct OrderRequest: Codable, Sendable, Hashable {
    /// One line: a photo (`itemId`), or every photo of an album (`scope`, the album's id), exactly one of them.
    struct Line: Codable, Sendable, Hashable {
        var source: String
        var itemId: String?
        var scope: String?
        var copies: Int?
        var product: String?
        var crop: OrderLineLayout.Crop?
        var sizing: OrderLineLayout.Sizing?
        var rotation: Int?
        var attributes: [String: String]?

        /// How the line prints, defaults filled in.
        var layout: OrderLineLayout {
            OrderLineLayout(crop: crop, sizing: sizing ?? .fill, rotation: rotation ?? 0, attributes: attributes ?? [:])
        }
    }

    var reference: String
    var product: String
    var items: [Line]
    var destinations: [String]?
    /// Who receives the prints; each print lab's configured recipient when left out.
    var recipient: OrderRecipient?
    /// The lab's shipping method name (`Budget`, `Standard`, `Express`…); each lab's configured one when left out.
    var shippingMethod: String?

    /// The most lines one order may have.
    static let maximumItems = 500

    /// The destinations the order goes to: those named, else every enabled one (in configuration order).
    func destinationIDs(in configuration: ServiceConfiguration) -> [String] {
        destinations ?? configuration.destinations.filter(\.enabled).map(\.id)
    }

    /// SHA-256 of the request re-encoded with sorted keys and defaults filled in (and left out
    /// where they are the default, so orders hashed before a field existed hash the same), so
    /// spacing and key order do not matter but every value does.
    var hash: String {
        var normal = self
        normal.items = items.map { line in
            var line = line
            line.copies = line.copies ?? 1
            line.product = line.product ?? product
            if line.sizing == .fill { line.sizing = nil }
            if line.rotation == 0 { line.rotation = nil }
            if line.attributes?.isEmpty == true { line.attributes = nil }
            return line
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = (try? encoder.encode(normal)) ?? Data()
        return Hex.string(SHA256.hash(data: bytes))
    }
}
