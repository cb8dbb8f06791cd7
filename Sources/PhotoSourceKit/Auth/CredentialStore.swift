/// Where signed-in sessions keep their credentials, one entry per source id.
public protocol CredentialStore: Sendable {
    /// The stored credentials of `sourceID`, or `nil` when there are none.
    func load(for sourceID: String) throws -> Credentials?
    /// Stores `credentials` for `sourceID`, replacing any earlier ones.
    func save(_ credentials: Credentials, for sourceID: String) throws
    /// Deletes the credentials of `sourceID`; deleting nothing is not an error.
    func delete(for sourceID: String) throws
}
