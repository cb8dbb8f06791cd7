import Foundation

/// ISO 4217 currency codes, the ones a print lab destination's `currency` may name.
enum CurrencyCodes {
    /// Every current code, upper case, as the system's ICU data lists them (`USD`, `EUR`, `GBP`…).
    static let all: Set<String> = Set(Locale.commonISOCurrencyCodes)

    /// Whether `code` is a current ISO 4217 code (three capitals, as labs expect it).
    static func isAssigned(_ code: String) -> Bool {
        code.count == 3 && code.allSatisfy { $0.isASCII && $0.isUppercase } && all.contains(code)
    }
}
