import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import SampleSources
import Testing
@testable import PhotoSourceService

/// Orders to the demo lab through the whole service: the lab answers 500 first, the service's
/// job retry sends the order again, the lab fetches every asset from the service's signed asset
/// URL and reports back through signed callbacks until `shipped`.
@Suite("Orders to a print lab, end to end")
struct OrderLabTests {
    static let secret = "lab-callback-secret-0123456789"

    /// The `printLab` destination `id` (`lab`) for the demo lab at `ordersURL`, speaking `format`.
    static func labDestination(_ ordersURL: URL, id: String = "lab", format: String = "prodigi-v4") throws -> DestinationConfiguration {
        try JSONDecoder().decode(DestinationConfiguration.self, from: Data("""
            {"id": "\(id)", "kind": "printLab", "format": "\(format)", "url": "\(ordersURL.absoluteString)", "callbackSecrets": ["\(secret)"],
             "skus": {"4x6": "GLOBAL-PHO-4X6"},
             "recipient": {"name": "Ada", "address": {"line1": "1 Loop Road", "postalOrZipCode": "12345", "countryCode": "GB", "townOrCity": "London"}}}
            """.utf8))
    }

    /// The demo lab's orders URL on `port`.
    static func ordersURL(port: Int) -> URL { URL(string: "http://127.0.0.1:\(port)/v4.0/Orders")! }

    /// Starts the demo lab on `labPort` (reserved before the service was configured with it),
    /// calling back the service listening on `port` (unless `callbacks` is false); runs `body` with it, stops it.
    ///
    /// The lab calls back as soon as it has the order, which can be before the service has
    /// recorded the lab's answer: the service answers 409 until then, so the lab retries often.
    static func withLab(
        on labPort: Int, servicePort port: Int, faults: DemoLab.Faults, callbacks: Bool = true, _ body: (DemoLab) async throws -> Void
    ) async throws {
        let lab = DemoLab()
        lab.faults = faults
        _ = try await lab.start(port: labPort, configuration: .init(
            callbackURL: callbacks ? URL(string: "http://127.0.0.1:\(port)/v1/destinations/lab/callbacks") : nil, callbackSecret: secret,
            trustedOrigins: ["http://127.0.0.1:\(port)"], stageInterval: .zero, retryDelay: .milliseconds(20), callbackAttempts: 500,
            logsLifecycle: false))
        do {
            try await body(lab)
        } catch {
            await lab.stop()
            throw error
        }
        await lab.stop()
    }

    @Test("a lab answering 500 then 200 gets the order once; it fetches the assets after the customer's sign-in is gone and ships")
    func serverErrorThenShipped() async throws {
        let labPort = try LoopbackPort.free()
        try await CloudOriginalsTests.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.destinations = [try! Self.labDestination(Self.ordersURL(port: labPort))]
        }) { harness, token, cloud, photo in
            let port = try #require(harness.client.port)
            try await Self.withLab(on: labPort, servicePort: port, faults: .init(serverErrorNextOrders: 1)) { lab in
                // When
                let created = try await harness.postOrder(ServiceHarness.orderBody([photo], source: "cloud"), token: token, key: "lab-1")
                #expect(created.status == .created, "\(String(buffer: created.body))")
                let id = try #require(try ServiceHarness.object(created)["id"] as? String)
                // Then: the retried order reached the lab once, and the lab's stages reached the order
                #expect(try await eventually(.seconds(60)) { lab.orders.first?.stage == "shipped" })
                let order = try await Self.waitForStage("shipped", of: id, harness, token: token)
                #expect(order["status"] as? String == "delivered")
                let destination = try #require((order["destinations"] as? [[String: Any]])?.first)
                #expect(destination["externalId"] as? String == "ord_1")
                #expect(lab.statistics.injectedErrors == 1)
                #expect(lab.statistics.orderRequests == 2)
                #expect(lab.orders.map(\.merchantReference) == [id])
                let events = try OrderEventsTests.events(String(buffer: try await harness.get("/v1/orders/\(id)/events", token: token).body))
                #expect(events.filter { $0.type == "order.delivery" }.compactMap { $0.data["stage"] } == ["received", "downloaded", "printed", "shipped"])
                // A callback with a bad signature is refused and changes nothing.
                let forged = Data(#"{"id":"evt_forged","type":"order.stage.changed","time":"2026-11-23T08:00:00Z","data":{"order":{"id":"ord_1","merchantReference":"\#(id)","stage":"failed","message":"forged"}}}"#.utf8)
                let refused = try await harness.client.execute(
                    uri: "/v1/destinations/lab/callbacks", method: .post,
                    headers: [.contentType: "application/json", HTTPField.Name("Webhook-Signature")!: "t=\(Int(Date().timeIntervalSince1970)),v1=" + String(repeating: "0", count: 64)],
                    body: ByteBuffer(bytes: forged))
                #expect(refused.status == .unauthorized)
                #expect(try await harness.waitForOrder(id, token: token)["status"] as? String == "delivered")
                // The lab's asset URL is ours, and works days later without the customer: the
                // provider revoked the grant, yet the bytes and MD5 are the order's.
                let url = try #require(lab.orders.first?.assetURLs.first)
                #expect(url.hasPrefix("http://127.0.0.1:\(port)/v1/assets/"))
                cloud.revokeAllGrants()
                let path = try #require(URLComponents(string: url)?.path)
                let fetched = try await harness.get(path, token: nil)
                #expect(fetched.status == .ok)
                let md5 = try #require(OrderFailureTests.lines(order).first?["md5"] as? String)
                #expect(Insecure.MD5.hash(data: Data(buffer: fetched.body)).map { String(format: "%02x", $0) }.joined() == md5)
                #expect(fetched.headers[.eTag] == "\"\(md5)\"")
                #expect(fetched.headers[.contentType] == "image/jpeg")
                let part = try await harness.get(path, token: nil, headers: [.range: "bytes=0-99"])
                #expect(part.status == .partialContent)
                #expect(Data(buffer: part.body) == Data(buffer: fetched.body).prefix(100))
            }
        }
    }

    @Test("an order placed with the API key reaches the lab too: its assets need no customer session")
    func apiKeyOrderShips() async throws {
        let labPort = try LoopbackPort.free()
        try await ServiceHarness.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.destinations = [try! Self.labDestination(Self.ordersURL(port: labPort))]
        }) { harness in
            try await Self.withLab(on: labPort, servicePort: try #require(harness.client.port), faults: .none) { lab in
                let id = try await harness.placeOrder(["Album/sunset.jpg", "Album/field.png"], token: ServiceHarness.apiKey)
                let order = try await Self.waitForStage("shipped", of: id, harness, token: ServiceHarness.apiKey)
                #expect(order["status"] as? String == "delivered")
                #expect(lab.orders.map(\.stage) == ["shipped"])
                #expect(lab.statistics.assetDownloads == 2)
            }
        }
    }

    @Test("a tampered or expired asset URL is refused (403, 410); one for an asset no longer kept is 404")
    func tamperedAndExpiredAssetURLs() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let signer = try URLSigner(base64Keys: [ServiceHarness.key(1)])
            let sha = String(repeating: "ab", count: 32)
            func path(expires: Int64, sha256: String = sha) -> String {
                "/v1/assets/" + signer.path(for: SignedStoredAsset(sha256: sha256, md5: String(repeating: "0", count: 32), contentType: "image/jpeg", expires: expires), kind: .storedAsset)
            }
            let later = Int64(Date().timeIntervalSince1970) + 3600
            // Then
            #expect(try await harness.get(path(expires: later), token: nil).status == .notFound)
            #expect(try await harness.get(path(expires: Int64(Date().timeIntervalSince1970) - 1), token: nil).status == .gone)
            let genuine = path(expires: later).split(separator: "/").map(String.init)  // ["v1", "assets", signature, payload]
            let other = path(expires: later, sha256: String(repeating: "cd", count: 32)).split(separator: "/").map(String.init)
            #expect(try await harness.get("/v1/assets/\(genuine[2])/\(other[3])", token: nil).status == .forbidden)
            // An originals signature never opens an asset.
            let original = signer.path(for: SignedStoredAsset(sha256: sha, md5: "", contentType: "image/jpeg", expires: later), kind: .original)
            #expect(try await harness.get("/v1/assets/\(original)", token: nil).status == .forbidden)
        }
    }

    /// `GET /v1/orders/{id}` (with the API key) until the first destination reports `stage`, at most about 60 s; then with `token`.
    static func waitForStage(_ stage: String, of id: String, _ harness: ServiceHarness, token: String) async throws -> [String: Any] {
        for _ in 0..<1200 {
            let order = try ServiceHarness.object(try await harness.get("/v1/orders/\(id)", token: ServiceHarness.apiKey))
            if (order["destinations"] as? [[String: Any]])?.first?["stage"] as? String == stage { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try ServiceHarness.object(try await harness.get("/v1/orders/\(id)", token: token))
    }
}
