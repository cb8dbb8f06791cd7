public import Foundation

extension DemoUploadReceiver {
    /// One upload the receiver kept (a repeat of its key is not kept again).
    public struct StoredUpload: Sendable, Hashable {
        /// The `Idempotency-Key` it came with.
        public var key: String
        /// The `orderId` field.
        public var orderID: String
        /// The `index` field.
        public var index: Int
        /// The file name as sent (quotes, CR and LF percent-encoded by the sender).
        public var fileName: String
        /// The file's size.
        public var byteCount: Int
        /// The file's MD5, lowercase hex (checked against the `md5` field).
        public var md5: String
        /// Where it was written, when the receiver has a folder.
        public var file: URL?
    }

    /// What the receiver has seen, for tests and the demo.
    public struct Statistics: Sendable, Hashable {
        /// Every POST, whatever became of it.
        public var posts = 0
        /// POSTs per `Idempotency-Key`: more than one means the sender repeated an upload.
        public var postsByKey: [String: Int] = [:]
        /// Uploads kept (one per key).
        public var stored = 0
        /// Repeats answered from the key book, not stored again.
        public var replays = 0
        /// Repeats that arrived while the first was still being stored (409).
        public var conflicts = 0
        /// Uploads refused (no key, not multipart, MD5 mismatch, a key reused for another upload).
        public var refused = 0
        /// 503s injected by ``Faults/serverErrorNextUploads``.
        public var injectedErrors = 0

        /// Creates empty counters.
        public init() {}
    }

    /// Misbehaviour for tests and demos, settable while the receiver runs.
    public struct Faults: Sendable, Hashable {
        /// The next this-many new uploads get `503` before anything is stored.
        public var serverErrorNextUploads: Int
        /// Once this many uploads are stored, each further one is stored but its answer is held
        /// back for ``holdAnswersFor`` (or until the receiver stops): the sender sees it in flight.
        public var holdAnswersAfter: Int?
        /// How long a held answer waits.
        public var holdAnswersFor: Duration

        /// Creates a fault plan; the default injects nothing.
        public init(serverErrorNextUploads: Int = 0, holdAnswersAfter: Int? = nil, holdAnswersFor: Duration = .seconds(60)) {
            self.serverErrorNextUploads = serverErrorNextUploads
            self.holdAnswersAfter = holdAnswersAfter
            self.holdAnswersFor = holdAnswersFor
        }

        /// No faults.
        public static let none = Faults()
    }
}
