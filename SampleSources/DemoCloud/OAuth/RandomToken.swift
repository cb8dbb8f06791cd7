/// Random strings for tokens, codes and user codes (from the system CSPRNG).
enum RandomToken {
    private static let tokenAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    /// RFC 8628's suggestion: consonants only, so no words are spelled by accident.
    private static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

    /// `<prefix>_` followed by 32 random URL-safe characters (192 bits).
    static func make(prefix: String) -> String {
        prefix + "_" + random(32, from: tokenAlphabet)
    }

    /// A user code such as `BCDF-GHJK`.
    static func userCode() -> String {
        let letters = random(8, from: userCodeAlphabet)
        return String(letters.prefix(4)) + "-" + String(letters.suffix(4))
    }

    private static func random(_ count: Int, from alphabet: [Character]) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
