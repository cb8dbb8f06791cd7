import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SampleSources
import Testing

/// A customer's whole visit spread over two instances behind nginx: nothing a request needs
/// lives in one process.
@Suite("A customer across two instances", .serialized)
struct ClusterSignInOrderTests {
    @Test("a session made through A lists, signs in (the callback lands on B) and orders through B; the lab fetches the assets through nginx")
    func sessionAcrossInstances() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let cloud = DemoCloud()
        let cloudURL = try await cloud.start(configuration: CloudOriginalsTests.cloudConfiguration)
        let cloudOrigin = "http://127.0.0.1:\(cloudURL.port ?? 0)"
        let (labPort, proxyPort) = (try LoopbackPort.free(), try LoopbackPort.free())
        let members = """
            "sources": ["cloud:\(cloudURL.absoluteString)"], "allowedSourceOrigins": ["\(cloudOrigin)"],
            "destinations": [{"id": "lab", "kind": "printLab", "url": "\(OrderLabTests.ordersURL(port: labPort).absoluteString)",
                              "callbackSecrets": ["\(OrderLabTests.secret)"], "skus": {"4x6": "GLOBAL-PHO-4X6"},
                              "recipient": {"name": "Ada", "address": {"line1": "1 Loop Road", "postalOrZipCode": "12345", "countryCode": "GB", "townOrCity": "London"}}}],
            "orders": {"leaseSeconds": 2, "pollIntervalSeconds": 0.05, "retryBaseSeconds": 0.1, "retryMaximumSeconds": 1}
            """
        let folder = library.stateFolder.deletingLastPathComponent().appendingPathComponent("cluster")
        let cluster: ServiceCluster
        do {
            let database = try await PostgresServer.shared().makeDatabase()
            cluster = try await ServiceCluster.start(in: folder, members: members, database: database, proxyPort: proxyPort)
        } catch {
            await cloud.stop()
            throw error
        }
        let lab = DemoLab()
        do {
            let (a, b) = (cluster.instances[0].baseURL, cluster.instances[1].baseURL)
            _ = try await lab.start(port: labPort, configuration: .init(
                callbackURL: URL(string: "\(cluster.proxy.baseURL)/v1/destinations/lab/callbacks"), callbackSecret: OrderLabTests.secret,
                trustedOrigins: [cluster.proxy.baseURL], stageInterval: .zero, retryDelay: .milliseconds(20), callbackAttempts: 500,
                logsLifecycle: false))
            // Given: a session made through A, which starts the sign-in there
            let token = try #require(try await ServiceCluster.call(a, "/v1/sessions", method: "POST", token: ServiceHarness.apiKey).json["token"] as? String)
            let started = try await ServiceCluster.call(a, "/v1/sources/cloud-1/sign-in", method: "POST", token: token)
            #expect(started.status == 200, "\(started.text)")
            let callback = try await SignInTests.approve(try #require(started.json["authorizeURL"] as? String))
            // When: the provider's redirect lands on B
            let (_, landed) = try await URLSession.shared.data(from: URL(string: b.absoluteString + callback)!)
            #expect((landed as? HTTPURLResponse)?.statusCode == 200)
            // Then: A lists the cloud as signed in, B lists its photos and takes the order
            let albums = try await ServiceCluster.call(a, "/v1/sources/cloud-1/items", token: token)
            #expect(albums.status == 200, "\(albums.text)")
            let album = try #require((albums.json["items"] as? [[String: Any]])?.first?["id"] as? String)
            let photos = try await ServiceCluster.call(b, "/v1/sources/cloud-1/items?scope=\(album)&count=2", token: token)
            let ids = ((photos.json["items"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "image" }.compactMap { $0["id"] as? String }
            #expect(ids.count == 2)
            let lines = ids.map { #"{"source": "cloud-1", "itemId": "\#($0)"}"# }.joined(separator: ",")
            let created = try await ServiceCluster.call(
                b, "/v1/orders", method: "POST", token: token, body: #"{"reference": "cluster-2", "product": "4x6", "items": [\#(lines)]}"#, key: "cluster-2")
            #expect(created.status == 201, "\(created.text)")
            // The lab fetched every asset through nginx, from whichever instance nginx chose, and shipped.
            #expect(try await eventually(.seconds(60)) { lab.orders.first?.stage == "shipped" })
            let urls = lab.orders.first?.assetURLs ?? []
            #expect(urls.count == 2)
            #expect(urls.allSatisfy { $0.hasPrefix(cluster.proxy.baseURL + "/v1/assets/") })
            #expect(lab.statistics.assetDownloads == 2)
        } catch {
            await lab.stop()
            try? await cluster.stop()
            await cloud.stop()
            throw error
        }
        await lab.stop()
        try await cluster.stop()
        await cloud.stop()
    }
}
