/// A handler's URL template: `{{name}}` is replaced by the value percent-encoded (everything but
/// RFC 3986's unreserved characters), `{{{name}}}` by the value as it is.
///
/// The query and the fragment are lists of `&`-separated items; an item that uses a parameter
/// which was not supplied (an optional one, or one the action does not declare) is left out
/// whole, with its `key=`, so optional parameters appear only when supplied. In the path such a
/// placeholder becomes empty. Values are inserted after the template is split, so a `&`, `#` or
/// `?` inside a raw value never starts a new item.
public struct URLTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a template.
    enum Token: Sendable, Hashable {
        case literal(String)
        case placeholder(name: String, raw: Bool)
    }

    /// The template as written.
    public let text: String
    let path: [Token]
    let query: [[Token]]?
    let fragment: [[Token]]?

    /// Parses a template; a `{{` without its closing braces, or a placeholder whose name is
    /// empty or holds characters other than letters, digits, `_`, `-` and `.`, is an `invalidData` error.
    public init(_ text: String) throws {
        self.text = text
        let tokens = try Self.tokenize(text)
        var path: [Token] = []
        var query: [[Token]]?
        var fragment: [[Token]]?
        for token in tokens {
            guard case .literal(let literal) = token else {
                Self.append(token, path: &path, query: &query, fragment: &fragment)
                continue
            }
            var run = ""
            for character in literal {
                let startsQuery = character == "?" && query == nil && fragment == nil
                let startsFragment = character == "#" && fragment == nil
                let startsItem = character == "&" && (query != nil || fragment != nil)
                guard startsQuery || startsFragment || startsItem else {
                    run.append(character)
                    continue
                }
                if !run.isEmpty { Self.append(.literal(run), path: &path, query: &query, fragment: &fragment) }
                run = ""
                if startsFragment {
                    fragment = [[]]
                } else if startsQuery {
                    query = [[]]
                } else if fragment != nil {
                    fragment?.append([])
                } else {
                    query?.append([])
                }
            }
            if !run.isEmpty { Self.append(.literal(run), path: &path, query: &query, fragment: &fragment) }
        }
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The template as written.
    public var description: String { text }

    /// Every parameter name the template uses.
    public var parameterNames: Set<String> {
        let all = path + (query ?? []).flatMap { $0 } + (fragment ?? []).flatMap { $0 }
        return Set(all.compactMap { token in
            if case .placeholder(let name, _) = token { name } else { nil }
        })
    }

    /// Fills the template with `values`. Only `required` and `optional` names are used (others in
    /// `values` are dropped); a required name missing from `values` throws an `invalidData` error
    /// naming it (its name is also the error's `detail`).
    public func expand(_ values: [String: String], required: [String], optional: [String] = []) throws -> String {
        for name in required where values[name] == nil {
            throw PhotoSourceError(.invalidData, "The URL template needs the parameter “\(name)”, which was not given.", detail: name)
        }
        let declared = Set(required).union(optional)
        let usable = values.filter { declared.contains($0.key) }
        var url = Self.render(path, usable) ?? ""
        if let query {
            let items = query.compactMap { Self.render($0, usable) }
            if !items.isEmpty { url += "?" + items.joined(separator: "&") }
        }
        if let fragment {
            let items = fragment.compactMap { Self.render($0, usable) }
            if !items.isEmpty { url += "#" + items.joined(separator: "&") }
        }
        return url
    }

    /// The percent-encoding `{{name}}` applies: every byte of the UTF-8 form but `A–Z a–z 0–9 - . _ ~`.
    public static func percentEncoded(_ value: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    /// The tokens with the values in; `nil` when one of their placeholders has no value.
    private static func render(_ tokens: [Token], _ values: [String: String]) -> String? {
        var output = ""
        for token in tokens {
            switch token {
            case .literal(let literal): output += literal
            case .placeholder(let name, let raw):
                guard let value = values[name] else { return nil }
                output += raw ? value : percentEncoded(value)
            }
        }
        return output
    }

    private static func append(_ token: Token, path: inout [Token], query: inout [[Token]]?, fragment: inout [[Token]]?) {
        if fragment != nil {
            fragment![fragment!.count - 1].append(token)
        } else if query != nil {
            query![query!.count - 1].append(token)
        } else {
            path.append(token)
        }
    }
}
