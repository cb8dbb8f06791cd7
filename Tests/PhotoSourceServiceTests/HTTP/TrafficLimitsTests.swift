import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

@Suite("Traffic limits configuration")
struct TrafficLimitsTests {
    static let keys = #""signingKeys": ["\#(Data(repeating: 1, count: 32).base64EncodedString())"], "sealingKey": "\#(Data(repeating: 9, count: 32).base64EncodedString())""#

    @Test("a file without traffic has the documented defaults; given fields replace only themselves")
    func defaultsAndOverrides() throws {
        let plain = try JSONDecoder().decode(ServiceConfiguration.self, from: Data("{\(Self.keys)}".utf8))
        #expect(plain.traffic == TrafficLimits())
        #expect(plain.traffic.maximumConnections == 4_096)
        #expect(plain.traffic.headerTimeoutSeconds == 10)
        #expect(plain.traffic.idleTimeoutSeconds == 30)
        #expect(plain.traffic.signedAssetRequestsPerMinute == 6_000)
        #expect(plain.traffic.sessionsPerMinute == 3_000)
        let given = try JSONDecoder().decode(ServiceConfiguration.self, from: Data("""
            {\(Self.keys), "traffic": {"trustedProxies": ["10.0.0.2"], "sessionsPerMinute": 50}}
            """.utf8))
        #expect(given.traffic.trustedProxies == ["10.0.0.2"])
        #expect(given.traffic.sessionsPerMinute == 50)
        #expect(given.traffic.maximumConnections == 4_096)
        // And it survives a round trip.
        let again = try JSONDecoder().decode(ServiceConfiguration.self, from: try JSONEncoder().encode(given))
        #expect(again.traffic == given.traffic)
    }

    @Test("a trusted proxy that is not an IP address, or a timeout that is not positive, is refused at load")
    func validation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("traffic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["PHOTOSOURCE_API_KEY": "psk_test", "PHOTOSOURCE_STATE_DIR": folder.path]
        for traffic in [#"{"trustedProxies": ["proxy.example"]}"#, #"{"idleTimeoutSeconds": 0}"#, #"{"maximumConnections": -1}"#] {
            let file = folder.appendingPathComponent("config.json")
            try Data("{\(Self.keys), \"traffic\": \(traffic)}".utf8).write(to: file)
            #expect(throws: PhotoSourceError.self, "\(traffic)") { _ = try ServiceConfiguration.load(file: file, environment: environment) }
        }
    }
}
