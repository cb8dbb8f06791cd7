@testable import PhotoSourceService
import Testing

@Suite("An order's recipient: validated field by field, never printed")
struct OrderRecipientTests {
    static let valid = OrderRecipient(
        name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7946 0000",
        address: .init(line1: "1 Loop Road", postalOrZipCode: "N1 9GU", countryCode: "GB", townOrCity: "London"))

    @Test("a complete recipient has no problems")
    func validRecipient() {
        #expect(Self.valid.problems(at: "$.recipient").isEmpty)
    }

    @Test("every wrong field is reported at its JSON path")
    func everyProblem() {
        var recipient = Self.valid
        recipient.name = " "
        recipient.email = "ada-at-example"
        recipient.phone = "call me"
        recipient.address.countryCode = "UK"
        recipient.address.townOrCity = ""
        let problems = recipient.problems(at: "$.recipient")
        #expect(Set(problems.map(\.path)) == [
            "$.recipient.name", "$.recipient.email", "$.recipient.phone", "$.recipient.address.countryCode", "$.recipient.address.townOrCity",
        ])
        #expect(problems.first { $0.path.hasSuffix("countryCode") }?.detail.contains("ISO 3166-1 alpha-2") == true)
    }

    @Test("country codes are ISO 3166-1 alpha-2, upper case")
    func countryCodes() {
        #expect(CountryCodes.isAssigned("GB"))
        #expect(CountryCodes.isAssigned("US"))
        #expect(CountryCodes.isAssigned("ZW"))
        #expect(!CountryCodes.isAssigned("UK"))
        #expect(!CountryCodes.isAssigned("gb"))
        #expect(!CountryCodes.isAssigned("GBR"))
        #expect(CountryCodes.all.count == 249)
    }

    @Test("interpolated into a string (a log line), it shows no personal data")
    func redacted() {
        let text = "\(Self.valid)"
        #expect(!text.contains("Ada"))
        #expect(!text.contains("Loop"))
        #expect(text.contains("redacted"))
    }
}
