/// Where a secret's value came from, for naming it in a problem: the file's own field
/// (`$.signingKeys`), a file it named (`$.signingKeysFile`), or an environment variable.
struct SecretOrigin: Sendable, Hashable {
    /// `$.signingKeys`, `$.signingKeysFile (/run/secrets/signing)`, `PHOTOSOURCE_SIGNING_KEYS`…
    let path: String
    /// Whether `path` is the JSON list itself, so an element is `path[n]`.
    let isJSONList: Bool

    /// An origin at `path`; `isJSONList` when the value is the file's own list.
    init(path: String, isJSONList: Bool = true) {
        self.path = path
        self.isJSONList = isJSONList
    }

    /// Where the `index`th value (from 0) is: `$.signingKeys[1]`, or `PHOTOSOURCE_SIGNING_KEYS (value 2)`.
    func element(_ index: Int) -> String {
        isJSONList ? "\(path)[\(index)]" : "\(path) (value \(index + 1))"
    }
}
