/// A print file that could not be made for one order line (the renderer refused the photo, or
/// no quality met a byte limit): recorded with the line (``MaterialisedAsset/printFailures``) so
/// that only the destinations that asked for it fail that line; destinations taking originals
/// still get the line.
public struct PrintFileFailure: Sendable, Hashable, Codable {
    /// The destinations (ids, sorted) that asked for this print file.
    public var destinations: [String]
    /// A stable ``PhotoSourceKit/PhotoSourceError`` code name (`invalid-data`, `too-large`…).
    public var code: String
    /// A sentence for the shop.
    public var message: String

    /// Creates a record.
    public init(destinations: [String], code: String, message: String) {
        self.destinations = destinations
        self.code = code
        self.message = message
    }
}
