import CCurl
import Foundation
import PhotoSourceKit

/// Turns a curl result code into a ``TransferFailure``: the right ``PhotoSourceError`` code,
/// a sentence a person can act on, curl's own messages in `detail`, and whether a retry may help.
enum CurlFailure {
    static func map(_ code: CURLcode, transfer: ActiveTransfer) -> TransferFailure {
        let url = transfer.shownURL
        let request = transfer.order.request
        var detail = String(cString: curl_easy_strerror(code))
        let extra = transfer.easy.errorText
        if !extra.isEmpty, extra != detail { detail += ": " + extra }
        // curl's messages name hosts, not queries; scrub the raw query in case one slips in.
        if let query = request.url.query(percentEncoded: true), !query.isEmpty {
            detail = detail.replacingOccurrences(of: query, with: "REDACTED")
        }
        switch code {
        case CURLE_COULDNT_CONNECT where transfer.refusal != nil, CURLE_ABORTED_BY_CALLBACK where transfer.refusal != nil:
            return TransferFailure(PhotoSourceError(
                .accessDenied, "Refused to connect for \(url): \(transfer.refusal!). \(AddressPolicy.refusalAdvice)",
                detail: detail))
        case CURLE_OPERATION_TIMEDOUT:
            let options = request.options
            return TransferFailure(PhotoSourceError(
                .connection,
                "\(url) did not answer in time (limits: connect \(options.connectTimeout), total \(options.totalTimeout), at least \(options.lowSpeedLimit.bytesPerSecond) bytes/s over \(options.lowSpeedLimit.duration)). Try again later.",
                detail: detail))
        case CURLE_COULDNT_RESOLVE_HOST:
            return TransferFailure(PhotoSourceError(.connection, "Could not find the host of \(url). Check the address and the network.", detail: detail), isTransient: true)
        case CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE,
             CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_SSL_CONNECT_ERROR:
            return TransferFailure(PhotoSourceError(.connection, "The connection to \(url) failed. Check the network and try again.", detail: detail), isTransient: true)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE:
            return TransferFailure(PhotoSourceError(.connection, "The secure connection to \(url) could not be verified (certificate problem).", detail: detail))
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_BAD_CONTENT_ENCODING, CURLE_RANGE_ERROR:
            return TransferFailure(PhotoSourceError(.invalidData, "\(url) sent a response that is not valid HTTP.", detail: detail))
        case CURLE_FILESIZE_EXCEEDED:
            return TransferFailure(PhotoSourceError(.tooLarge, "The response from \(url) is larger than the limit of \(request.options.maxBodyBytes) bytes.", detail: detail))
        case CURLE_URL_MALFORMAT:
            return TransferFailure(PhotoSourceError(.invalidData, "The URL \(url) is not valid.", detail: detail))
        case CURLE_ABORTED_BY_CALLBACK:
            return TransferFailure(PhotoSourceError(.cancelled, "The request to \(url) was cancelled.", detail: detail))
        default:
            return TransferFailure(PhotoSourceError(.unknown, "The request to \(url) failed.", detail: detail))
        }
    }
}
