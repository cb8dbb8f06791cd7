public import Foundation
public import PhotoSourceKit

/// One source the service offers, as the API names it (`demo`, `local-1`), with what requests
/// need beyond the ``PhotoSource`` protocol: turning a scope id into a scope, looking an item
/// up by id, and, for sources whose originals are files, the file to stream.
public struct ServiceSource: Sendable {
    /// The id in URLs (`/v1/sources/{id}/items`).
    public let id: String
    /// The source itself.
    public let source: any PhotoSource
    /// Whether a customer has to sign in before listing.
    public let requiresSignIn: Bool
    /// The scope a scope id names (`""` is the root).
    public let scope: @Sendable (_ scopeID: String) async throws -> ItemScope
    /// The item with this id; throws `.notFound` when there is none.
    public let item: @Sendable (_ itemID: String) async throws -> any PhotoSourceItem
    /// The file holding an item's original, for sources that keep originals in files, else `nil`.
    public let originalFile: (@Sendable (_ itemID: String) throws -> URL)?
    /// For sources each customer signs in to: the OAuth endpoints and how to make the source
    /// over one customer's credentials; `nil` for sources shared by every session.
    public var signIn: CloudSignIn?
    /// For sources whose items belong to one session (the "Uploads" source): the source as
    /// that session sees it; `nil` for sources every session sees alike.
    public var perSession: (@Sendable (_ session: String) throws -> ServiceSource)?
    /// For sources whose items belong to one customer across sessions (the "Received" source):
    /// the source as the customer with that ``CustomerSession/customerKey`` sees it.
    public var perCustomer: (@Sendable (_ customerKey: String) throws -> ServiceSource)?

    /// Whether every session sees this source's photos alike (no sign-in, no per-session or
    /// per-customer photos): only such a source's warm thumbnails are answered from the cache
    /// without asking whether the URL's session still may see them.
    var isSharedByEverySession: Bool { signIn == nil && perSession == nil && perCustomer == nil }

    /// Creates a source entry.
    public init(
        id: String, source: any PhotoSource, requiresSignIn: Bool,
        scope: @escaping @Sendable (String) async throws -> ItemScope,
        item: @escaping @Sendable (String) async throws -> any PhotoSourceItem,
        originalFile: (@Sendable (String) throws -> URL)?
    ) {
        self.id = id
        self.source = source
        self.requiresSignIn = requiresSignIn
        self.scope = scope
        self.item = item
        self.originalFile = originalFile
    }
}
