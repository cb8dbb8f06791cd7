import Foundation

/// What the demo receiver remembers per `Idempotency-Key`: the upload being stored, or the answer
/// it gave, so a repeat is answered the same way without being stored again (Stripe's rules: a
/// key in progress is 409, a finished key replays its answer, a key reused for another upload is 422).
struct UploadKeyBook: Sendable {
    /// The answer an upload got.
    struct Answer: Sendable, Hashable {
        let status: Int
        let body: String
    }

    /// What to do with a POST carrying a key.
    enum Decision: Sendable, Hashable {
        /// A new key: store the upload, then ``finish(_:fingerprint:answer:)`` (or ``forget(_:)`` when it failed).
        case store
        /// The key's upload was stored before: answer this again.
        case replay(Answer)
        /// The key's first upload is still being stored (409).
        case inProgress
        /// The key was used for a different upload (422).
        case reused
    }

    private enum Entry: Sendable {
        case storing(fingerprint: String)
        case done(fingerprint: String, answer: Answer)
    }

    private var entries: [String: Entry] = [:]

    /// Decides for `key`, whose request is identified by `fingerprint` (order, index, MD5); a new
    /// key is marked as being stored.
    mutating func begin(_ key: String, fingerprint: String) -> Decision {
        switch entries[key] {
        case nil:
            entries[key] = .storing(fingerprint: fingerprint)
            return .store
        case .storing(let first):
            return first == fingerprint ? .inProgress : .reused
        case .done(let first, let answer):
            return first == fingerprint ? .replay(answer) : .reused
        }
    }

    /// Remembers the answer a stored upload got.
    mutating func finish(_ key: String, fingerprint: String, answer: Answer) {
        entries[key] = .done(fingerprint: fingerprint, answer: answer)
    }

    /// Forgets a key whose upload was not stored, so the sender may try it again.
    mutating func forget(_ key: String) {
        entries[key] = nil
    }
}
