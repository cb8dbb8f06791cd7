extension DemoEditor {
    /// What the editor has seen and done, for tests and the demo.
    public struct Statistics: Sendable, Hashable {
        /// `GET /edit` requests, whatever their outcome.
        public var editRequests = 0
        /// Requests refused before any fetch: a missing, malformed or non-loopback link.
        public var refusedLinks = 0
        /// Images fetched (the bytes arrived).
        public var fetches = 0
        /// Fetches that failed: gone (410), missing, refused or not reachable.
        public var failedFetches = 0
        /// Fetched images that did not decode as JPEG or PNG.
        public var undecodable = 0
        /// Flipped images the return URL accepted.
        public var returns = 0
        /// Returns the return URL refused or that did not arrive.
        public var failedReturns = 0

        /// Creates empty counters.
        public init() {}
    }
}
