import Foundation
import PhotoSourceKit

extension ServiceSource {
    /// The id of the per-customer "Received" source (the configuration's `received` entry).
    public static let receivedID = "received"

    /// The "Received" source: the photos handlers sent back after a hand-off
    /// (`POST /v1/handoffs/{token}/return`), per customer (``CustomerSession/customerKey``), so a
    /// returning customer still sees them in a new session; newest first, in one flat scope,
    /// titled "<original title> (from <handler name>)". Thumbnails, originals and orders work as
    /// for "Uploads".
    public static func received(_ photos: ReceivedPhotos) -> ServiceSource {
        var entry = finishedPhotos(photos.store, id: receivedID, title: "Received", owner: nil)
        entry.perCustomer = { customerKey in
            finishedPhotos(photos.store, id: receivedID, title: "Received", owner: ReceivedPhotos.owner(customerKey))
        }
        return entry
    }
}
