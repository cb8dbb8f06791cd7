import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Testing

@Suite("Orders: cancelling, and following an order's events")
struct OrderEventsTests {
    /// One Server-Sent Event.
    struct Event: Equatable {
        var id: Int64
        var type: String
        var data: [String: String]
    }

    static func events(_ body: String) throws -> [Event] {
        try body.components(separatedBy: "\n\n").compactMap { block in
            var id: Int64?
            var type = ""
            var data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { id = Int64(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { type = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            guard let id else { return nil }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
            return Event(id: id, type: type, data: object.compactMapValues { $0 as? String })
        }
    }

    @Test("events replay the order's history as SSE and resume after Last-Event-ID")
    func resumeWithLastEventID() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["portrait.jpg", "Album/sunset.jpg"], token: token)
            _ = try await harness.waitForOrder(id, token: token)
            // When: the whole stream (it ends because the order has ended)
            let all = try await harness.get("/v1/orders/\(id)/events", token: token)
            #expect(all.status == .ok)
            #expect(all.headers[.contentType] == "text/event-stream")
            let events = try Self.events(String(buffer: all.body))
            // Then: every status in order, each line, and the delivery
            let statuses = events.filter { $0.type == "order.status" }.compactMap { $0.data["status"] }
            #expect(statuses == ["accepted", "materialising", "delivering", "delivered"])
            #expect(events.filter { $0.type == "order.item" }.count == 2)
            #expect(events.filter { $0.type == "order.delivery" }.first?.data["state"] == "delivered")
            #expect(events.map(\.id) == events.map(\.id).sorted())
            // When: resuming after the second event
            let resumed = try await harness.get(
                "/v1/orders/\(id)/events", token: token, headers: [HTTPField.Name("Last-Event-ID")!: String(events[1].id)])
            // Then: exactly the rest
            #expect(try Self.events(String(buffer: resumed.body)) == Array(events.dropFirst(2)))
        }
    }

    @Test("DELETE cancels an order still being materialised: nothing is delivered, the lines say cancelled")
    func cancelWhileMaterialising() async throws {
        let gate = Gate()
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration, sources: Self.slowSource(gate)) { harness in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["portrait.jpg"], token: token)
            // When: the worker is inside the source, fetching
            await gate.waitUntilEntered()
            let cancel = try await harness.client.execute(uri: "/v1/orders/\(id)", method: .delete, headers: [.authorization: "Bearer \(token)"])
            await gate.open()
            // Then
            #expect(cancel.status == .ok)
            let answer = try ServiceHarness.object(cancel)
            #expect(answer["status"] as? String == "cancelled")
            #expect((answer["destinations"] as? [[String: Any]])?.first?["state"] as? String == "cancelled")
            let order = try await harness.waitForOrder(id, token: token)
            #expect(order["status"] as? String == "cancelled")
            #expect((order["items"] as? [[String: Any]])?.first?["state"] as? String == "cancelled")
            // Give the worker its turn to (wrongly) go on, then check nothing arrived.
            let events = try await harness.get("/v1/orders/\(id)/events", token: token)
            #expect(try Self.events(String(buffer: events.body)).last?.data["status"] == "cancelled")
            #expect(!FileManager.default.fileExists(atPath: harness.orderFolder.appendingPathComponent(id).path))
            // Cancelling a finished order changes nothing and reports it.
            let again = try await harness.client.execute(uri: "/v1/orders/\(id)", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(try ServiceHarness.object(again)["status"] as? String == "cancelled")
        }
    }

    @Test("DELETE of a delivered order reports what was delivered and cancels nothing")
    func cancelAfterDelivery() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["portrait.jpg"], token: token)
            _ = try await harness.waitForOrder(id, token: token)
            let cancel = try await harness.client.execute(uri: "/v1/orders/\(id)", method: .delete, headers: [.authorization: "Bearer \(token)"])
            let answer = try ServiceHarness.object(cancel)
            #expect(answer["status"] as? String == "delivered")
            let delivered = try #require((answer["destinations"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])
            #expect(delivered.map { $0["delivered"] as? Bool } == [true])
        }
    }

    /// The test library as `library`, whose item lookups after the first (the order's
    /// acceptance) wait for `gate` to open.
    static func slowSource(_ gate: Gate) -> (URL) throws -> [ServiceSource] {
        { root in
            let folder = try LocalFolderSource(root: root, id: "local:test", title: "Test Library")
            let entry = try ServiceSource.folder(folder, id: "library")
            return [ServiceSource(
                id: "library", source: folder, requiresSignIn: false, scope: entry.scope,
                item: { itemID in
                    try await gate.pass()
                    return try await entry.item(itemID)
                },
                originalFile: entry.originalFile)]
        }
    }
}

/// Lets the first caller through, then holds the others until opened, telling the test when one arrived.
actor Gate {
    private var calls = 0
    private var isOpen = false
    private var entered: [CheckedContinuation<Void, Never>] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func pass() async throws {
        calls += 1
        guard calls > 1, !isOpen else { return }
        entered.forEach { $0.resume() }
        entered = []
        await withCheckedContinuation { waiting.append($0) }
    }

    func waitUntilEntered() async {
        guard calls < 2 else { return }
        await withCheckedContinuation { entered.append($0) }
    }

    func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}

@Suite("Orders: following events live")
struct OrderFollowTests {
    @Test("a client connected before the order ends receives the later events as they are written, then the stream ends")
    func followsNewEvents() async throws {
        let gate = Gate()
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration, sources: OrderEventsTests.slowSource(gate)) { harness in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["portrait.jpg"], token: token)
            await gate.waitUntilEntered()
            // When: the stream opens while the order is still materialising, and only then may it go on
            async let stream = harness.get("/v1/orders/\(id)/events", token: token)
            try await Task.sleep(for: .milliseconds(200))
            await gate.open()
            // Then
            let events = try OrderEventsTests.events(String(buffer: try await stream.body))
            #expect(events.filter { $0.type == "order.status" }.compactMap { $0.data["status"] }
                == ["accepted", "materialising", "delivering", "delivered"])
        }
    }

    @Test("the shop's backend can order with its API key (no session: shared sources only) and follow the order")
    func serverSideOrder() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let id = try await harness.placeOrder(["portrait.jpg"], token: ServiceHarness.apiKey)
            let order = try await harness.waitForOrder(id, token: ServiceHarness.apiKey)
            #expect(order["status"] as? String == "delivered")
            // A customer session does not see the shop's order.
            let (token, _) = try await harness.newSession()
            #expect(try await harness.get("/v1/orders/\(id)", token: token).status == .notFound)
        }
    }
}
