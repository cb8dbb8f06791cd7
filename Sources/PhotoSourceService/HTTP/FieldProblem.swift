import HTTPTypes
import PhotoSourceKit

/// One thing wrong with one field of a request body, at its JSON path (`$.items[2].crop.width`):
/// an element of a problem's `errors` (RFC 9457's extension member), so a client can put each
/// message beside the field it is about.
public struct FieldProblem: Sendable, Hashable, Codable {
    /// Where in the body, as a JSON path from the root (`$.recipient.address.countryCode`).
    public let path: String
    /// A sentence a person can act on.
    public let detail: String

    /// A problem with the field at `path`.
    public init(path: String, detail: String) {
        self.path = path
        self.detail = detail
    }

    /// A `400 invalid-data` problem listing every field problem; its `detail` names the first and how many more.
    static func problem(_ problems: [FieldProblem], summary: String) -> Problem {
        let first = problems.first.map { "\($0.path): \($0.detail)" } ?? ""
        let more = problems.count > 1 ? " (and \(problems.count - 1) more in errors)" : ""
        return Problem(status: .badRequest, code: .invalidData, detail: "\(summary) \(first)\(more)", errors: problems)
    }
}

/// Collects field problems under a path prefix while a request body is checked.
struct FieldProblems {
    private(set) var all: [FieldProblem] = []

    /// Records `detail` for the field at `path`.
    mutating func add(_ path: String, _ detail: String) {
        all.append(FieldProblem(path: path, detail: detail))
    }

    /// Records `detail` at `path` unless `valid`.
    mutating func check(_ valid: Bool, _ path: String, _ detail: @autoclosure () -> String) {
        if !valid { add(path, detail()) }
    }

    /// Whether nothing was found.
    var isEmpty: Bool { all.isEmpty }
}
