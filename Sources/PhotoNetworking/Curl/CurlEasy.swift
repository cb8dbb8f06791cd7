import CCurl
import PhotoSourceKit

/// One curl easy handle and the C memory it points into (header lists, the parsed URL,
/// the error buffer), all freed together in `deinit`, the easy handle first.
///
/// Used by one transfer on the driver thread only; never shared.
struct CurlEasy: ~Copyable {
    let handle: UnsafeMutableRawPointer
    private var lists: [UnsafeMutablePointer<curl_slist>] = []
    private var parsedURL: OpaquePointer?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init() throws(PhotoSourceError) {
        guard let handle = curl_easy_init() else {
            throw PhotoSourceError(.unknown, "Could not start a network request (curl_easy_init failed; out of memory?).")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        CCurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    deinit {
        curl_easy_cleanup(handle)
        for list in lists { curl_slist_free_all(list) }
        if let parsedURL { curl_url_cleanup(parsedURL) }
        errorBuffer.deallocate()
    }

    /// curl's own detailed message for the last failure, if it wrote one.
    var errorText: String {
        String(cString: errorBuffer)
    }

    func set(_ option: CURLoption, _ value: Int) throws(PhotoSourceError) {
        try check(CCurl_setopt_long(handle, option, value), option)
    }

    func set(_ option: CURLoption, offset value: Int64) throws(PhotoSourceError) {
        try check(CCurl_setopt_offset(handle, option, curl_off_t(value)), option)
    }

    func set(_ option: CURLoption, _ value: String) throws(PhotoSourceError) {
        try check(CCurl_setopt_string(handle, option, value), option)
    }

    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws(PhotoSourceError) {
        try check(CCurl_setopt_pointer(handle, option, value), option)
    }

    /// Sets a list option (headers, resolve entries); the list lives as long as the handle.
    mutating func set(_ option: CURLoption, list values: [String]) throws(PhotoSourceError) {
        guard !values.isEmpty else { return }
        var list: UnsafeMutablePointer<curl_slist>?
        for value in values {
            guard let appended = curl_slist_append(list, value) else {
                if let list { curl_slist_free_all(list) }
                throw PhotoSourceError(.unknown, "Could not prepare the request headers (out of memory).")
            }
            list = appended
        }
        lists.append(list!)
        try check(CCurl_setopt_slist(handle, option, list), option)
    }

    /// Parses `url` with curl's own parser, hands curl that parse (so what was checked is
    /// exactly what curl connects to), and returns curl's host and port.
    mutating func setURL(_ url: String) throws(PhotoSourceError) -> (host: String, port: Int) {
        guard let parsed = curl_url() else {
            throw PhotoSourceError(.unknown, "Could not prepare the request URL (out of memory).")
        }
        parsedURL = parsed
        let code = curl_url_set(parsed, CURLUPART_URL, url, 0)
        guard code == CURLUE_OK else {
            throw PhotoSourceError(.invalidData, "The URL is not valid.", detail: String(cString: curl_url_strerror(code)))
        }
        func part(_ which: CURLUPart, _ flags: Int32) -> String? {
            var text: UnsafeMutablePointer<CChar>?
            guard curl_url_get(parsed, which, &text, UInt32(flags)) == CURLUE_OK, let text else { return nil }
            defer { curl_free(text) }
            return String(cString: text)
        }
        guard let host = part(CURLUPART_HOST, 0), let port = part(CURLUPART_PORT, CURLU_DEFAULT_PORT).flatMap(Int.init) else {
            throw PhotoSourceError(.invalidData, "The URL has no host.")
        }
        try check(CCurl_setopt_pointer(handle, CURLOPT_CURLU, UnsafeMutableRawPointer(parsed)), CURLOPT_CURLU)
        return (host, port)
    }

    func info(_ item: CURLINFO) -> Int {
        var value = 0
        CCurl_getinfo_long(handle, item, &value)
        return value
    }

    private func check(_ code: CURLcode, _ option: CURLoption) throws(PhotoSourceError) {
        guard code != CURLE_OK else { return }
        throw PhotoSourceError(
            .unknown, "The installed libcurl does not accept a setting PhotoNetworking needs (option \(option.rawValue)).",
            detail: String(cString: curl_easy_strerror(code)))
    }
}
