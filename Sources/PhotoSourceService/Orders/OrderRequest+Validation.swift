import Foundation
import PhotoSourceKit

extension OrderRequest {
    /// Decodes and checks a body against the configuration's products and enabled destinations.
    ///
    /// - Throws: a `400 invalid-data` ``Problem`` whose `errors` list every problem at its JSON
    ///   path (`$.items[2].crop.width`, `$.recipient.address.countryCode`).
    static func parse(_ body: Data, configuration: ServiceConfiguration) throws -> OrderRequest {
        let request: OrderRequest
        do {
            request = try JSONDecoder().decode(OrderRequest.self, from: body)
        } catch let error as DecodingError {
            throw FieldProblem.problem([decodingProblem(error)], summary: "The order is not of the form {reference, product, items: [{source, itemId or scope, copies}], destinations?, recipient?}:")
        } catch {
            throw PhotoSourceError(
                .invalidData, "The order is not valid JSON of the form {reference, product, items: [{source, itemId, copies}], destinations?}.")
        }
        let problems = request.problems(configuration: configuration)
        guard problems.isEmpty else { throw FieldProblem.problem(problems, summary: "The order has \(problems.count) problem(s):") }
        return request
    }

    /// Every problem of the order, each at its JSON path.
    func problems(configuration: ServiceConfiguration) -> [FieldProblem] {
        var problems = FieldProblems()
        let products = Set(configuration.products.map(\.id))
        problems.check(!reference.isEmpty && reference.count <= 200, "$.reference", "must be 1 to 200 characters: the shop's own order number.")
        problems.check(products.contains(product), "$.product", "\"\(product)\" is not offered; GET /v1/products lists them.")
        problems.check((1...Self.maximumItems).contains(items.count), "$.items", "must hold 1 to \(Self.maximumItems) photos.")
        var all = problems.all
        for (index, line) in items.prefix(Self.maximumItems).enumerated() {
            all += line.problems(at: "$.items[\(index)]", products: products)
        }
        var rest = FieldProblems()
        let enabled = configuration.destinations.filter(\.enabled).map(\.id)
        if let named = destinations {
            rest.check(!named.isEmpty && Set(named).count == named.count, "$.destinations", "must name at least one destination, each once.")
            for (index, id) in named.enumerated() where !enabled.contains(id) {
                rest.add("$.destinations[\(index)]", "\"\(id)\" is not an enabled destination; the enabled ones are \(enabled).")
            }
        } else {
            rest.check(!enabled.isEmpty, "$.destinations", "No destination is enabled in the service's configuration, so no order can be delivered.")
        }
        if let shippingMethod {
            let allowed = shippingMethod.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " -_".contains($0)) }
            rest.check(
                (1...50).contains(shippingMethod.count) && allowed, "$.shippingMethod",
                "must be the lab's shipping method name (1 to 50 letters, digits, spaces, - and _), such as Standard or Express.")
        }
        return all + rest.all + (recipient?.problems(at: "$.recipient") ?? [])
    }

    /// A decoding error as the field it is about: a missing key, a value of the wrong type.
    static func decodingProblem(_ error: DecodingError) -> FieldProblem {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("$") { path, key in key.intValue.map { "\(path)[\($0)]" } ?? "\(path).\(key.stringValue)" }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return FieldProblem(path: path(context.codingPath + [key]), detail: "is required.")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return FieldProblem(path: path(context.codingPath), detail: "must be \(describe(type)).")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return FieldProblem(path: path(context.codingPath), detail: "is not one of the allowed values.")
        default:
            return FieldProblem(path: "$", detail: "is not valid JSON.")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is [String: String].Type: "an object of strings"
        default: String(describing: type).contains("Array") ? "an array" : "an object"
        }
    }
}

extension OrderRequest.Line {
    /// The line's problems, at `path` (`$.items[3]`).
    func problems(at path: String, products: Set<String>) -> [FieldProblem] {
        var problems = FieldProblems()
        problems.check(!source.isEmpty, path + ".source", "is required: the id of the photo's source.")
        switch (itemId, scope) {
        case (let itemId?, nil):
            problems.check(!itemId.isEmpty, path + ".itemId", "is required: the photo's id in its source.")
            problems.check(Self.fits(itemId), path + ".itemId", "is \(itemId.utf8.count) bytes long; ids are at most \(ItemIdentifier.maximumBytes) bytes, so no item has it.")
        case (nil, let scope?):
            problems.check(!scope.isEmpty, path + ".scope", "must be an album's id (as GET /v1/sources/{id}/items?scope= takes it); a whole source cannot be ordered.")
            problems.check(Self.fits(scope), path + ".scope", "is \(scope.utf8.count) bytes long; ids are at most \(ItemIdentifier.maximumBytes) bytes, so no album has it.")
            problems.check(crop == nil, path + ".crop", "is for one photo; a whole-album line (scope) prints every photo whole, so leave crop out.")
        case (nil, nil):
            problems.add(path + ".itemId", "is required: the photo's id in its source (or scope: an album's id, for every photo in it).")
        case (_?, _?):
            problems.add(path + ".scope", "cannot be given with itemId: a line is one photo (itemId) or a whole album (scope), not both.")
        }
        problems.check((1...1000).contains(copies ?? 1), path + ".copies", "must be from 1 to 1000.")
        if let product, !products.contains(product) {
            problems.add(path + ".product", "\"\(product)\" is not offered; GET /v1/products lists them.")
        }
        return problems.all + layout.problems(at: path)
    }

    /// Whether a non-empty id is short enough to name anything (``ItemIdentifier/maximumBytes``).
    private static func fits(_ id: String) -> Bool {
        id.isEmpty || (try? ItemIdentifier.checked(id, kind: "id")) != nil
    }
}
