import Foundation
import PhotoNetworking
import PhotoSourceKit

extension HTTPUploadDestination {
    /// Uploads one asset: its result when the endpoint answered 2xx or refused it for good (4xx);
    /// throws when the attempt should be repeated later (5xx, 408, 429, connection, cancellation).
    func upload(_ asset: DeliverableAsset, of delivery: OrderDelivery) async throws -> ItemDeliveryResult {
        // An asset that cannot be read is the service's trouble: said without its path (FileSystemFailure).
        guard access(asset.file.path, R_OK) == 0 else {
            throw FileSystemFailure.describe(
                PhotoSourceError.fileSystem(errno: errno, reading: asset.fileName), doing: "read an asset to send from", "the asset store")
        }
        do {
            _ = try await client.send(request(for: asset, of: delivery))
            return ItemDeliveryResult(index: asset.index, delivered: true)
        } catch let error as PhotoSourceError {
            guard let refusal = Self.itemRefusal(error) else { throw error }
            return ItemDeliveryResult(
                index: asset.index, delivered: false, errorCode: refusal.code,
                message: "\(configuration.id) refused item \(asset.index) (\(asset.fileName)): \(refusal.message)")
        }
    }

    /// The multipart POST for one asset; the file part is streamed from the asset store.
    func request(for asset: DeliverableAsset, of delivery: OrderDelivery) -> HTTPRequest {
        var form = MultipartFormBody()
        form.addField("orderId", delivery.orderID)
        form.addField("reference", delivery.reference)
        form.addField("index", String(asset.index))
        form.addField("md5", asset.md5)
        form.addField("copies", String(asset.copies))
        form.addField("product", asset.product)
        form.addFile("file", fileName: asset.fileName, contentType: asset.contentType, file: asset.file, byteCount: asset.byteCount)
        var request = HTTPRequest(url: configuration.url, method: "POST", headers: configuration.headers, options: options)
        request.setHeader("Content-Type", form.contentType)
        request.setHeader("Idempotency-Key", "\(delivery.idempotencyKey)-\(asset.index)")
        request.setHeader("Accept", "application/json, text/plain;q=0.9, */*;q=0.1")
        request.bodyStream = form.finished()
        return request
    }

    /// The code and sentence when `error` means "this item will never be accepted": a 4xx other
    /// than 408 and 429, or an asset file that cannot be read as announced. `nil` means retry later.
    static func itemRefusal(_ error: PhotoSourceError) -> (code: String, message: String)? {
        if let status = (error.underlying as? HTTPStatusError)?.response.status {
            guard (400..<500).contains(status), status != 408, status != 429 else { return nil }
            return (error.code.name, "HTTP \(status). \(error.message)")
        }
        switch error.code {
        case .invalidData, .tooLarge, .unsupportedFormat: return (error.code.name, error.message)
        default: return nil
        }
    }
}
