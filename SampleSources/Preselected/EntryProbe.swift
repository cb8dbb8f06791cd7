import Foundation
import PhotoImaging
import PhotoNetworking
import PhotoSourceKit

/// Finds the displayed pixel size of one entry from its first bytes, never the whole image.
///
/// Files are read with ``ImageProbe`` (the same bounded prefix reads as a local folder).
/// URLs get a `GET` with `Range: bytes=0-65535`, whose body is capped at the same number of
/// bytes; when the header is longer and the server sent all that was asked, once more up to
/// ``PhotoImaging/ImageHeader/recommendedPrefixLength``. A server that ignores `Range` answers
/// `200`: the whole file is read if it fits under the cap, else the client aborts with
/// `.tooLarge` (the size is then unknown). Probes are not retried and time out quickly; they
/// only decorate a listing.
struct EntryProbe: Sendable {
    /// The bytes asked for first.
    static let firstLength = ImageProbe.firstReadLength
    /// The bytes asked for when the header did not fit in the first request.
    static let secondLength = ImageHeader.recommendedPrefixLength

    let client: HTTPClient
    /// The source's options: the address policy, with the probe's own limits set here.
    let options: HTTPOptions
    let resolver: LocalPathResolver?

    init(client: HTTPClient, options: HTTPOptions, resolver: LocalPathResolver?) {
        var options = options
        options.retry = .none
        options.connectTimeout = .seconds(5)
        options.totalTimeout = .seconds(20)
        self.client = client
        self.options = options
        self.resolver = resolver
    }

    /// The displayed size of `entry` (EXIF orientation applied), or `nil` when its JPEG or PNG
    /// header cannot be read. Throws `.unsupportedFormat` (saying what the bytes look like) when
    /// the first bytes are not a JPEG or PNG at all, and otherwise the reason a probe failed.
    func pixelSize(of entry: PreselectedSource.Entry) async throws -> PixelSize? {
        switch entry {
        case .remote(let url):
            return try await header(at: url).displaySize
        case .file(let path):
            guard let resolver else {
                throw PhotoSourceError(.accessDenied, "\"\(path)\" is a file, but the source has no folder for files.")
            }
            return try await BlockingIO.run {
                let file = try resolver.url(for: path).path
                let probe = try ImageProbe(path: file, name: path)
                if let problem = probe.problem { throw PhotoSourceError(.unsupportedFormat, problem) }
                return probe.pixelSize
            }
        }
    }

    /// The header of the image at `url`, from one or two range requests.
    func header(at url: URL) async throws -> ImageHeader {
        let first = try await prefix(of: url, length: Self.firstLength)
        do {
            return try ImageHeader.read(first.bytes)
        } catch let error as PhotoSourceError where error.code == .invalidData && first.mayHaveMore {
            return try ImageHeader.read(try await prefix(of: url, length: Self.secondLength).bytes)
        }
    }

    /// At most `length` leading bytes of `url`, and whether the file may go on past them
    /// (the server honoured the range and sent all of it).
    private func prefix(of url: URL, length: Int) async throws -> (bytes: Data, mayHaveMore: Bool) {
        var options = options
        options.maxBodyBytes = length
        let request = HTTPRequest(url: url, headers: ["Range": "bytes=0-\(length - 1)", "Accept": "image/*"], options: options)
        let response = try await client.send(request)
        return (response.body, response.status == 206 && response.body.count >= length)
    }
}
