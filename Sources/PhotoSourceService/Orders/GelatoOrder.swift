import Foundation

/// The order body of Gelato's v4 API (`POST /v4/orders`), written from the same ``PrintLabOrder``
/// the Prodigi shape is: `orderReferenceId` is our order id (the lab echoes it in callbacks),
/// one item per line with its `productUid` (the destination's SKU for the product), its files and
/// `quantity` (the line's copies), the order's recipient (else the configured one) as
/// `shippingAddress` and its shipping method, lowercased, as `shipmentMethodUid`. Gelato has no MD5
/// field (the lab fetches the same signed asset URLs), no sizing field (a print's fit is the
/// file's: the line's `sizing` is not sent), and no per-item attributes: paper and finish are part
/// of the `productUid`, so a line's `attributes` are not sent either (choose them in `skus`).
/// `currency` is the destination's (ISO 4217, ``PrintLabDestination/Configuration/currency``):
/// Gelato requires it and bills the order in it.
struct GelatoOrder: Encodable, Sendable, Hashable {
    /// One line.
    struct Item: Encodable, Sendable, Hashable {
        let itemReferenceId: String
        let productUid: String
        let files: [File]
        let quantity: Int
    }

    /// A print file: `{"type": "default", "url": …}`.
    struct File: Encodable, Sendable, Hashable {
        let type: String
        let url: String
    }

    /// Gelato's address fields.
    struct ShippingAddress: Encodable, Sendable, Hashable {
        let firstName: String
        let lastName: String
        let addressLine1: String
        let addressLine2: String?
        let city: String
        let postCode: String
        let state: String?
        let country: String
        let email: String?
        let phone: String?
    }

    /// `{"key", "value"}`: Gelato's metadata entries.
    struct Metadata: Encodable, Sendable, Hashable {
        let key: String
        let value: String
    }

    /// The lab's answer, as far as it is read: `{"id": …}`.
    struct Response: Decodable, Sendable {
        let id: String
    }

    let orderType: String
    let currency: String
    let orderReferenceId: String
    let customerReferenceId: String
    let shipmentMethodUid: String
    let items: [Item]
    let shippingAddress: ShippingAddress
    let metadata: [Metadata]

    /// The Gelato order carrying what `order` says, billed in `currency`.
    init(_ order: PrintLabOrder, currency: String) {
        orderType = "order"
        self.currency = currency
        orderReferenceId = order.merchantReference
        customerReferenceId = order.metadata["reference"] ?? order.merchantReference
        shipmentMethodUid = order.shippingMethod.lowercased()
        items = order.items.map { item in
            Item(
                itemReferenceId: "\(order.merchantReference)-\(item.merchantReference ?? "")", productUid: item.sku,
                files: item.assets.map { File(type: $0.printArea, url: $0.url) }, quantity: item.copies)
        }
        let recipient = order.recipient
        let name = recipient.name.split(separator: " ", omittingEmptySubsequences: true)
        shippingAddress = ShippingAddress(
            firstName: name.dropLast().joined(separator: " ").isEmpty ? recipient.name : name.dropLast().joined(separator: " "),
            lastName: name.count > 1 ? String(name.last ?? "") : "", addressLine1: recipient.address.line1,
            addressLine2: recipient.address.line2, city: recipient.address.townOrCity, postCode: recipient.address.postalOrZipCode,
            state: recipient.address.stateOrCounty, country: recipient.address.countryCode, email: recipient.email,
            phone: recipient.phoneNumber)
        metadata = order.metadata.sorted { $0.key < $1.key }.map { Metadata(key: $0.key, value: $0.value) }
    }
}
