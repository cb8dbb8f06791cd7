import Foundation
import Hummingbird
import PhotoImaging
import PhotoNetworking
import PhotoSourceKit

/// One edit: fetch the image from the one-time URL, mirror it left–right (on the decode pool),
/// encode it in its own format and POST it to the return URL.
struct EditorRoundTrip: Sendable {
    /// What an edit did, for the page.
    struct Outcome: Sendable {
        /// The size of the photo.
        var width: Int
        /// The size of the photo.
        var height: Int
        /// Its format (kept on the way back).
        var format: ImageFormat
        /// Where it went back, or `nil` when the link had no return URL.
        var returnedTo: URL?
        /// The receiver's answer, when it named the item (`{"source", "itemId"}`).
        var receivedItem: String?
    }

    /// Updates the editor's statistics.
    let record: @Sendable ((inout DemoEditor.Statistics) -> Void) -> Void
    let client = HTTPClient()
    /// The largest image fetched.
    static let maximumImageBytes = 64 << 20

    /// Runs the edit for the link's `image` and (optional) `return` parameters.
    func edit(image: String?, returnTo: String?) async throws(EditorFailure) -> Outcome {
        record { $0.editRequests += 1 }
        let (imageURL, returnURL): (URL, URL?)
        do {
            imageURL = try EditorLinkPolicy.check(image, name: "image")
            returnURL = try returnTo.map { text throws(EditorLinkPolicy.Refusal) in try EditorLinkPolicy.check(text, name: "return") }
        } catch {
            record { $0.refusedLinks += 1 }
            throw EditorFailure(status: .badRequest, title: "This link cannot be edited", message: error.message)
        }
        let data = try await fetch(imageURL)
        let (flipped, header) = try await flip(data)
        var outcome = Outcome(width: header.displaySize.width, height: header.displaySize.height, format: header.format)
        if let returnURL {
            outcome.receivedItem = try await send(flipped, format: header.format, to: returnURL)
            outcome.returnedTo = returnURL
        }
        return outcome
    }

    private func options(_ url: URL) -> HTTPOptions {
        // The link policy admitted only loopback URLs; trusting the URL's own origin lets the
        // client connect there, and no redirect is followed anywhere else.
        let origin = "\(url.scheme ?? "http")://\(url.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "")" + (url.port.map { ":\($0)" } ?? "")
        return HTTPOptions(
            connectTimeout: .seconds(5), totalTimeout: .seconds(60), maxRedirects: 0, maxBodyBytes: Self.maximumImageBytes,
            addressPolicy: (try? .trusting(origins: [origin])) ?? .publicOnly, retry: .none)
    }

    private func fetch(_ url: URL) async throws(EditorFailure) -> Data {
        do {
            let response = try await client.send(PhotoNetworking.HTTPRequest(url: url, options: options(url)))
            record { $0.fetches += 1 }
            return response.body
        } catch {
            record { $0.failedFetches += 1 }
            let status = ((error as? PhotoSourceError)?.underlying as? HTTPStatusError)?.response.status
            if status == 410 {
                throw EditorFailure(
                    status: .gone, title: "The photo is gone",
                    message: "Its one-time link was already used or has expired. Send the photo to the editor again from the shop.")
            }
            throw EditorFailure(status: .badGateway, title: "The photo could not be fetched", message: Self.reason(error))
        }
    }

    private func flip(_ data: Data) async throws(EditorFailure) -> (Data, ImageHeader) {
        do {
            return try await DecodePool.shared.run {
                let header = try ImageHeader.read(data.prefix(ImageHeader.recommendedPrefixLength))
                let mirrored = try ImageDecoder.decodeFull(data).mirroredLeftRight()
                let encoded = header.format == .png ? try ImageEncoder.png(mirrored) : try ImageEncoder.jpeg(mirrored, quality: 92)
                return (encoded, header)
            }
        } catch {
            record { $0.undecodable += 1 }
            throw EditorFailure(status: .unprocessableContent, title: "This is not a photo the editor can read", message: Self.reason(error))
        }
    }

    /// POSTs the flipped image; the item id the receiver named, if any.
    private func send(_ data: Data, format: ImageFormat, to url: URL) async throws(EditorFailure) -> String? {
        var request = PhotoNetworking.HTTPRequest(url: url, method: "POST", body: data, options: options(url))
        request.setHeader("Content-Type", format.mimeType)
        do {
            let response = try await client.send(request)
            record { $0.returns += 1 }
            struct Received: Decodable { let itemId: String }
            return (try? JSONDecoder().decode(Received.self, from: response.body))?.itemId
        } catch {
            record { $0.failedReturns += 1 }
            let status = ((error as? PhotoSourceError)?.underlying as? HTTPStatusError)?.response.status
            let detail = status == 410 ? "Its one-time return link was already used or has expired." : Self.reason(error)
            throw EditorFailure(status: .badGateway, title: "The flipped photo could not be sent back", message: detail)
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? PhotoSourceError)?.message ?? "\(error)"
    }
}
