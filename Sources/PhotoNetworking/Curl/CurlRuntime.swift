import CCurl

/// Process-wide libcurl set-up, done once before the first handle is made.
enum CurlRuntime {
    private static let initialized: Bool = {
        curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK
    }()

    /// Calls `curl_global_init` the first time (Swift runs a static initializer exactly once).
    static func initializeOnce() {
        _ = initialized
    }
}
