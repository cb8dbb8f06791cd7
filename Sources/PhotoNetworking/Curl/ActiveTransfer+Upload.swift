import CCurl
import PhotoSourceKit

/// A streamed request body (``HTTPBodyStream``): curl pulls it through the read callback and
/// rewinds it through the seek callback when it has to send it again on a new connection.
extension ActiveTransfer {
    func configureUpload(_ stream: HTTPBodyStream, method: String) throws(PhotoSourceError) {
        upload = UploadReader(stream)
        try easy.set(CURLOPT_POST, 1)
        try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: stream.length)
        if method != "POST" { try easy.set(CURLOPT_CUSTOMREQUEST, method) }
        let handle = easy.handle
        CCurl_setopt_read_callback(handle) { buffer, size, count, context in
            guard let buffer, let context else { return Int(CURL_READFUNC_ABORT) }
            let transfer = Unmanaged<ActiveTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.readUpload(into: UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(buffer), count: size * count))
        }
        CCurl_setopt_seek_callback(handle) { context, offset, origin in
            // origin 0 is SEEK_SET: curl only ever rewinds to an absolute offset.
            guard let context, origin == 0 else { return Int32(CURL_SEEKFUNC_CANTSEEK) }
            let transfer = Unmanaged<ActiveTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.upload?.seek(to: Int64(offset)) == true ? Int32(CURL_SEEKFUNC_OK) : Int32(CURL_SEEKFUNC_FAIL)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        try easy.set(CURLOPT_READDATA, pointer: context)
        try easy.set(CURLOPT_SEEKDATA, pointer: context)
    }

    /// Read callback: the next bytes of the body, or an abort with the reason kept in `failure`.
    private func readUpload(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let upload else { return 0 }
        do throws(PhotoSourceError) {
            return try upload.read(into: buffer)
        } catch {
            failure = TransferFailure(error)
            return Int(CURL_READFUNC_ABORT)
        }
    }
}
