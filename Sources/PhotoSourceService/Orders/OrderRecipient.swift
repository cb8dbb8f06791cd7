import Foundation

/// Who receives an order's prints: sent by the checkout with the order (`recipient`), or, when
/// it sends none, the print lab destination's configured recipient.
///
/// Personal data: it is never logged (``description`` says only that it is redacted), and it is
/// erased from the store once the order has ended ``OrderSettings/recipientRetentionDays`` ago.
public struct OrderRecipient: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The recipient's name, as on the parcel.
    public var name: String
    /// An e-mail address for the carrier's delivery news, if any.
    public var email: String?
    /// A telephone number for the carrier, if any (digits, spaces, `+ - ( ) .`).
    public var phone: String?
    /// The postal address.
    public var address: Address

    /// A postal address, in the field names print labs use (Prodigi's): the same type as a
    /// print lab destination's configured recipient's, so either reaches the lab unchanged.
    /// `postalOrZipCode` may be empty where the country has none.
    public typealias Address = PrintLabRecipient.Address

    /// Creates a recipient.
    public init(name: String, email: String? = nil, phone: String? = nil, address: Address) {
        self.name = name
        self.email = email
        self.phone = phone
        self.address = address
    }

    /// Never the data itself, so string interpolation into a log line cannot leak it.
    public var description: String { "recipient (personal data, redacted)" }

    /// Every problem of the recipient, each at its JSON path below `path` (`$.recipient`).
    func problems(at path: String) -> [FieldProblem] {
        var problems = FieldProblems()
        func text(_ value: String?, _ field: String, required: Bool, maximum: Int) {
            guard let value else {
                problems.check(!required, field, "is required.")
                return
            }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            problems.check(!trimmed.isEmpty || !required, field, "may not be empty.")
            problems.check(value.count <= maximum, field, "is longer than \(maximum) characters.")
            problems.check(!value.contains(where: \.isNewline), field, "may not contain line breaks.")
        }
        text(name, path + ".name", required: true, maximum: 200)
        if let email {
            text(email, path + ".email", required: true, maximum: 254)
            problems.check(Self.looksLikeEmail(email), path + ".email", "is not an e-mail address (name@example.com).")
        }
        if let phone {
            let digits = phone.filter(\.isASCIIDigit).count
            let allowed = phone.allSatisfy { $0.isASCIIDigit || " +-().".contains($0) }
            problems.check(allowed && (5...20).contains(digits), path + ".phone", "is not a telephone number (5 to 20 digits, and + - ( ) . or spaces).")
        }
        let at = path + ".address"
        text(address.line1, at + ".line1", required: true, maximum: 200)
        text(address.line2, at + ".line2", required: false, maximum: 200)
        text(address.postalOrZipCode, at + ".postalOrZipCode", required: false, maximum: 20)
        text(address.townOrCity, at + ".townOrCity", required: true, maximum: 100)
        text(address.stateOrCounty, at + ".stateOrCounty", required: false, maximum: 100)
        problems.check(
            CountryCodes.isAssigned(address.countryCode), at + ".countryCode",
            "\"\(address.countryCode.prefix(8))\" is not an ISO 3166-1 alpha-2 country code; use two capital letters, such as GB or US.")
        return problems.all
    }

    private static func looksLikeEmail(_ value: String) -> Bool {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !value.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
