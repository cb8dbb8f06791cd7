public import Foundation
public import PhotoNetworking
import PhotoSourceKit

/// Sends an order to a print lab's API (``PrintLabOrder``, Prodigi v4's shape, or Gelato v4's:
/// ``Configuration/format``) with each asset
/// as a signed asset URL of this service (``DeliverableAsset/assetURL``); the lab fetches the
/// files on its own schedule and reports back through signed callbacks (``PrintLabCallbackController``).
///
/// A repeat of the delivery sends the same order with the same idempotency key, and the lab
/// answers with the order it already has, so the lab receives each order once. The lab's 2xx
/// acknowledges every item and ends the attempt with ``DeliveryOutcome/accepted(externalID:)``;
/// 4xx (but 408 and 429) fails the delivery for good; 5xx and connection failures throw.
public struct PrintLabDestination: OrderDestination {
    /// One configured lab account.
    public struct Configuration: Sendable, Hashable {
        /// The destination id.
        public var id: String
        /// The lab's orders endpoint (for Prodigi `https://api.prodigi.com/v4.0/Orders`); its origin is allow-listed.
        public var ordersURL: URL
        /// Sent as `X-API-Key` when set; never logged.
        public var apiKey: String?
        /// The lab's SKU for each of our product ids.
        public var skus: [String: String]
        /// The shipping method name.
        public var shippingMethod: String
        /// Who receives the prints.
        public var recipient: PrintLabRecipient
        /// How an image is fitted: `fillPrintArea` by default.
        public var sizing: String
        /// How long the order request may take.
        public var timeout: Duration
        /// The shape of the lab's API (`prodigi-v4`, `gelato-v4`).
        public var format: PrintLabFormat
        /// The ISO 4217 code of the currency the lab bills the order in (Gelato's `currency`;
        /// Prodigi bills in the account's currency and takes none): `USD` unless configured.
        public var currency: String

        /// Creates a configuration.
        public init(
            id: String, ordersURL: URL, apiKey: String? = nil, skus: [String: String], shippingMethod: String = "Standard",
            recipient: PrintLabRecipient, sizing: String = "fillPrintArea", timeout: Duration = .seconds(60),
            format: PrintLabFormat = .prodigiV4, currency: String = "USD"
        ) {
            self.format = format
            self.currency = currency
            self.id = id
            self.ordersURL = ordersURL
            self.apiKey = apiKey
            self.skus = skus
            self.shippingMethod = shippingMethod
            self.recipient = recipient
            self.sizing = sizing
            self.timeout = timeout
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// The configured id.
    public var id: String { configuration.id }
    /// `printLab`.
    public var kind: String { "printLab" }

    let client: HTTPClient
    let options: HTTPOptions

    /// Creates the destination. Throws `.invalidData` when the orders URL is not http(s).
    public init(_ configuration: Configuration, client: HTTPClient = .shared) throws {
        self.configuration = configuration
        self.client = client
        options = try OutboundEndpoint.options(for: configuration.ordersURL, owner: "print lab \(configuration.id)", timeout: configuration.timeout)
    }

    /// Posts the order (every asset, the same idempotency key on every attempt).
    public func deliver(
        _ delivery: OrderDelivery, progress: @escaping @Sendable ([ItemDeliveryResult]) async throws -> Void
    ) async throws -> DeliveryOutcome {
        let order: PrintLabOrder
        do {
            order = try labOrder(for: delivery)
        } catch let error as PhotoSourceError {
            return .failed(code: error.code.name, message: error.message)
        }
        let response: HTTPResponse
        do {
            response = try await client.send(request(for: order))
        } catch let error as PhotoSourceError {
            guard let status = (error.underlying as? HTTPStatusError)?.response.status, (400..<500).contains(status), status != 408,
                status != 429
            else { throw error }
            return .failed(code: error.code.name, message: "Print lab \(id) refused the order (HTTP \(status)): \(error.message)")
        }
        guard let externalID = configuration.format.externalID(in: response.body) else {
            throw PhotoSourceError(.invalidData, "Print lab \(id) accepted the order but its answer names no order id; trying again later.")
        }
        try await progress(delivery.assets.filter { !delivery.acknowledged.contains($0.index) }.map {
            ItemDeliveryResult(index: $0.index, delivered: true)
        })
        return .accepted(externalID: externalID)
    }

    /// The lab order for `delivery`. Throws `.invalidData` for an asset without a URL
    /// or a product without a SKU (nothing is sent then).
    func labOrder(for delivery: OrderDelivery) throws -> PrintLabOrder {
        let items = try delivery.assets.sorted { $0.index < $1.index }.map { asset in
            guard let url = asset.assetURL else {
                throw PhotoSourceError(.invalidData, "Item \(asset.index) has no asset URL for print lab \(id) to fetch it from.")
            }
            guard let sku = configuration.skus[asset.product] else {
                throw PhotoSourceError(.invalidData, "Print lab \(id) has no SKU for product \"\(asset.product)\"; add it under skus.")
            }
            return PrintLabOrder.Item(
                sku: sku, copies: asset.copies, sizing: labSizing(asset.layout.sizing),
                assets: [PrintLabOrder.Asset(printArea: "default", url: url.absoluteString, md5Hash: asset.md5)],
                merchantReference: String(asset.index), attributes: asset.layout.attributes.isEmpty ? nil : asset.layout.attributes)
        }
        return PrintLabOrder(
            merchantReference: delivery.orderID, idempotencyKey: delivery.idempotencyKey,
            shippingMethod: delivery.shippingMethod ?? configuration.shippingMethod,
            recipient: delivery.recipient.map(PrintLabRecipient.init) ?? configuration.recipient, items: items,
            metadata: ["reference": delivery.reference, "orderId": delivery.orderID])
    }

    /// The lab's sizing for a line's: `fit` → `fitPrintArea`, `stretch` → `stretchToPrintArea`;
    /// `fill` (also what a line that names none has) → the configured ``Configuration/sizing``.
    func labSizing(_ sizing: OrderLineLayout.Sizing) -> String {
        switch sizing {
        case .fill: configuration.sizing
        case .fit: "fitPrintArea"
        case .stretch: "stretchToPrintArea"
        }
    }

    private func request(for order: PrintLabOrder) throws -> HTTPRequest {
        var request = HTTPRequest(url: configuration.ordersURL, method: "POST", body: try configuration.format.body(order, currency: configuration.currency), options: options)
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "application/json")
        request.setHeader("Idempotency-Key", order.idempotencyKey)
        authorize(&request)
        return request
    }

    /// The request asking the lab to cancel its order `externalID` (``PrintLabFormat/cancelURL(orders:externalID:)``).
    func cancelRequest(externalID: String) throws -> HTTPRequest {
        let url = configuration.format.cancelURL(orders: configuration.ordersURL, externalID: externalID)
        var request = HTTPRequest(url: url, method: "POST", body: Data("{}".utf8), options: options)
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "application/json")
        authorize(&request)
        return request
    }

    /// Adds the lab's API key, when there is one.
    private func authorize(_ request: inout HTTPRequest) {
        if let apiKey = configuration.apiKey { request.setHeader("X-API-Key", apiKey) }
    }
}
