import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

/// The `traffic` block's environment overrides: one `PHOTOSOURCE_TRAFFIC_*` variable per field.
@Suite("Configuration: PHOTOSOURCE_TRAFFIC_* overrides")
struct TrafficEnvironmentTests {
    /// Every field's variable, as docs/service-config.md lists them.
    static let variables = [
        "PHOTOSOURCE_TRAFFIC_MAXIMUM_CONNECTIONS", "PHOTOSOURCE_TRAFFIC_HEADER_TIMEOUT_SECONDS",
        "PHOTOSOURCE_TRAFFIC_BODY_TIMEOUT_SECONDS", "PHOTOSOURCE_TRAFFIC_IDLE_TIMEOUT_SECONDS",
        "PHOTOSOURCE_TRAFFIC_SIGNED_ASSET_REQUESTS_PER_MINUTE", "PHOTOSOURCE_TRAFFIC_SESSIONS_PER_MINUTE",
        "PHOTOSOURCE_TRAFFIC_TRUSTED_PROXIES", "PHOTOSOURCE_TRAFFIC_RATE_LIMITER_CAPACITY",
    ]

    /// `traffic` as loaded from a file holding `traffic` (JSON) and the keys, with `environment`.
    static func load(traffic: String, environment: [String: String]) throws -> TrafficLimits {
        let url = try ConfigurationTests.file("{\(OrderConfigurationTests.keys), \"traffic\": \(traffic)}")
        defer { try? FileManager.default.removeItem(at: url) }
        return try ServiceConfiguration.load(file: url, environment: environment).configuration.traffic
    }

    @Test("each variable overrides its field over the file's value; fields without one keep the file's")
    func everyFieldOverridden() throws {
        // Given
        let file = #"{"maximumConnections": 100, "sessionsPerMinute": 7, "trustedProxies": ["10.0.0.9"]}"#
        let environment = Dictionary(uniqueKeysWithValues: zip(Self.variables, [
            "512", "2.5", "4", "15", "900", "40", " 10.0.0.2, ::1 ", "2000",
        ]))

        // When
        let kept = try Self.load(traffic: file, environment: [:])
        let overridden = try Self.load(traffic: file, environment: environment)
        let proxiesCleared = try Self.load(traffic: file, environment: ["PHOTOSOURCE_TRAFFIC_TRUSTED_PROXIES": ""])

        // Then
        #expect(kept == TrafficLimits(maximumConnections: 100, sessionsPerMinute: 7, trustedProxies: ["10.0.0.9"]))
        #expect(overridden == TrafficLimits(
            maximumConnections: 512, headerTimeoutSeconds: 2.5, bodyTimeoutSeconds: 4, idleTimeoutSeconds: 15,
            signedAssetRequestsPerMinute: 900, sessionsPerMinute: 40, trustedProxies: ["10.0.0.2", "::1"], rateLimiterCapacity: 2000))
        #expect(proxiesCleared.trustedProxies == [])
        #expect(proxiesCleared.maximumConnections == 100)
    }

    @Test("a value that cannot be used is a problem named by its variable", arguments: [
        ("PHOTOSOURCE_TRAFFIC_MAXIMUM_CONNECTIONS", "many", "\"many\" is not a whole number above 0."),
        ("PHOTOSOURCE_TRAFFIC_SESSIONS_PER_MINUTE", "0", "\"0\" is not a whole number above 0."),
        ("PHOTOSOURCE_TRAFFIC_RATE_LIMITER_CAPACITY", "-5", "\"-5\" is not a whole number above 0."),
        ("PHOTOSOURCE_TRAFFIC_SIGNED_ASSET_REQUESTS_PER_MINUTE", "1.5", "\"1.5\" is not a whole number above 0."),
        ("PHOTOSOURCE_TRAFFIC_HEADER_TIMEOUT_SECONDS", "ten", "\"ten\" is not a positive number of seconds."),
        ("PHOTOSOURCE_TRAFFIC_BODY_TIMEOUT_SECONDS", "0", "\"0\" is not a positive number of seconds."),
        ("PHOTOSOURCE_TRAFFIC_IDLE_TIMEOUT_SECONDS", "inf", "\"inf\" is not a positive number of seconds."),
        ("PHOTOSOURCE_TRAFFIC_TRUSTED_PROXIES", "10.0.0.2,proxy.lan", "\"proxy.lan\" is not an IPv4 or IPv6 address."),
    ])
    func badValueNamedByVariable(variable: String, value: String, message: String) throws {
        let problems = try ConfigurationProblemsTests.problems("{\(OrderConfigurationTests.keys)}", environment: [variable: value])
        #expect(problems == [ConfigurationProblem(path: variable, message: message)])
    }

    @Test("docs/service-config.md lists every variable")
    func documented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/service-config.md"), encoding: .utf8)
        for variable in Self.variables {
            #expect(page.contains("`\(variable)`"), "\(variable) is documented")
        }
    }
}
