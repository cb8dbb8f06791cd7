import CCurl
import PhotoSourceKit

/// The C callbacks of a transfer. Each gets the transfer back through its context pointer
/// (unretained: the driver keeps the transfer alive until curl has let go of the handle).
extension ActiveTransfer {
    func installCallbacks() throws(PhotoSourceError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let handle = easy.handle
        CCurl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let transfer = Unmanaged<ActiveTransfer>.fromOpaque(context).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            return transfer.takeHeaderLine(bytes.assumingMemoryBound(to: UInt8.self)) ? size * count : 0
        }
        CCurl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let transfer = Unmanaged<ActiveTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.takeBody(UnsafeRawBufferPointer(start: buffer, count: size * count)) ? size * count : 0
        }
        CCurl_setopt_opensocket_callback(handle) { context, _, address in
            guard let context, let address else { return CCurl_socket_bad }
            let transfer = Unmanaged<ActiveTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.mayConnect(to: address) ? CCurl_open_socket(address) : CCurl_socket_bad
        }
        CCurl_setopt_prereq_callback(handle) { context, primaryIP, _, _, _ in
            guard let context, let primaryIP else { return Int32(CURL_PREREQFUNC_ABORT) }
            let transfer = Unmanaged<ActiveTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.maySend(over: String(cString: primaryIP)) ? Int32(CURL_PREREQFUNC_OK) : Int32(CURL_PREREQFUNC_ABORT)
        }
        for option in [CURLOPT_HEADERDATA, CURLOPT_WRITEDATA, CURLOPT_OPENSOCKETDATA, CURLOPT_PREREQDATA] {
            try easy.set(option, pointer: context)
        }
    }

    /// Header callback: collects the line; when the header block is complete, refuses a
    /// declared length over the limit before any of the body arrives.
    private func takeHeaderLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let wasComplete = response.isComplete
        guard response.take(line: line) else {
            failure = TransferFailure(PhotoSourceError(.invalidData, "\(shownURL) sent a header block that is not valid HTTP."))
            return false
        }
        guard response.isComplete, !wasComplete else { return true }
        let limit = order.request.options.maxBodyBytes
        expectedLength = response.contentLength
        if order.request.method.uppercased() != "HEAD", let length = expectedLength, length > limit {
            failure = TransferFailure(PhotoSourceError(
                .tooLarge, "\(shownURL) announced \(length) bytes, more than the limit of \(limit) bytes; nothing was downloaded."))
            return false
        }
        do throws(PhotoSourceError) {
            try sink.begin(status: response.status, expectedLength: expectedLength)
        } catch {
            failure = TransferFailure(error)
            return false
        }
        return true
    }

    /// Write callback: counts the body against the limit (aborting one byte past it) and
    /// passes it to the sink.
    private func takeBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        received += Int64(bytes.count)
        let limit = order.request.options.maxBodyBytes
        if received > Int64(limit) {
            failure = TransferFailure(PhotoSourceError(
                .tooLarge, "The response from \(shownURL) is larger than the limit of \(limit) bytes; the download was stopped."))
            return false
        }
        do throws(PhotoSourceError) {
            try sink.write(bytes)
        } catch {
            failure = TransferFailure(error)
            return false
        }
        order.progress?(received, expectedLength)
        return true
    }

    /// Socket callback: the connect-time address check, on the address curl is about to use.
    private func mayConnect(to address: UnsafeMutablePointer<curl_sockaddr>) -> Bool {
        var text = [CChar](repeating: 0, count: 64)
        guard CCurl_sockaddr_string(address, &text, 64) == 0 else {
            refusal = "the address is neither IPv4 nor IPv6"
            return false
        }
        guard !isTrustedURL else { return true }
        let ip = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let why = AddressPolicy.refusal(ipAddress: ip) {
            refusal = why
            return false
        }
        return true
    }

    /// Pre-request callback: runs for new and reused connections alike, so a connection opened
    /// for another URL is checked again for this one.
    private func maySend(over primaryIP: @autoclosure () -> String) -> Bool {
        guard !isTrustedURL, let why = AddressPolicy.refusal(ipAddress: primaryIP()) else { return true }
        failure = TransferFailure(PhotoSourceError(.accessDenied, "Refused to connect for \(shownURL): \(why). \(AddressPolicy.refusalAdvice)"))
        return false
    }
}
