import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("PKCE")
struct PKCETests {
    @Test("S256 challenge matches an independently computed value")
    func knownChallenge() throws {
        // Computed with: printf %s VERIFIER | openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | tr -d =
        let pkce = try PKCE(verifier: "dBjftJeZ4CVP-mJ0kpSxkEJ6tfFRgS4Ok9JCtDEexHI")
        #expect(pkce.challenge == "-3Q0waKCZ52nztN3qpcywCNzmcDPd_qraBZdDbVkPAU")
    }

    @Test("generated verifiers have RFC 7636's length and alphabet and never repeat")
    func generatedVerifiers() {
        let verifiers = (0..<200).map { _ in PKCE().verifier }
        for verifier in verifiers {
            #expect((43...128).contains(verifier.count))
            #expect(verifier.allSatisfy(PKCE.verifierCharacters.contains))
        }
        #expect(Set(verifiers).count == verifiers.count)
    }

    @Test("verifiers outside RFC 7636 are refused", arguments: [
        String(repeating: "a", count: 42), String(repeating: "a", count: 129), String(repeating: "a", count: 42) + "+",
    ])
    func invalidVerifier(_ verifier: String) {
        let error = #expect(throws: PhotoSourceError.self) { try PKCE(verifier: verifier) }
        #expect(error?.code == .invalidData)
    }
}
