public import Foundation

/// Encrypts credential files before they touch the disk (see ``FileCredentialStore``).
///
/// Implementations must authenticate what they open: a flipped byte or a wrong key throws,
/// never returns garbage.
public protocol CredentialSealing: Sendable {
    /// Encrypts `plaintext`.
    func seal(_ plaintext: Data) throws -> Data
    /// Decrypts and authenticates `sealed`.
    func open(_ sealed: Data) throws -> Data
}
