import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

/// One load reports every problem of a configuration, each at its JSON path.
@Suite("Configuration: every problem at once")
struct ConfigurationProblemsTests {
    /// The problems `load` reports for `json` (with `environment`), written to a new file (in
    /// `folder` when given, where relative `…File` paths are found).
    static func problems(_ json: String, folder: URL? = nil, environment: [String: String] = [:]) throws -> [ConfigurationProblem] {
        let url = try folder.map { folder in
            let url = folder.appendingPathComponent("problems-\(UUID().uuidString).json")
            try Data(json.utf8).write(to: url)
            return url
        } ?? ConfigurationTests.file(json)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = try #require(throws: PhotoSourceError.self) { try ServiceConfiguration.load(file: url, environment: environment) }
        #expect(error.code == .invalidData)
        return try #require(error.underlying as? ConfigurationProblems).problems
    }

    @Test("a file with many mistakes: one run names each of them with its JSON path")
    func everyProblemWithItsPath() throws {
        // When
        let problems = try Self.problems("""
            {"port": 70000, "limts": {}, "limits": {"requestsPerMinute": "many", "maximumBodyBytes": 0},
             "signingKeys": ["c2hvcnQ="], "allowedOrigins": ["https://shop.example", "*"],
             "products": [{"id": "4x6", "name": "4×6", "width": 4, "height": 6, "unit": "feet", "minimumDPI": 150},
                          {"id": "a4", "name": "A4", "width": 0, "height": 297, "unit": "millimeters", "minimumDPI": 150}],
             "destinations": [{"id": "main", "kind": "folder", "root": "/srv/orders"},
                              {"id": "upload", "kind": "httpUpload", "url": "ftp://uploads.example/in", "concurrency": 100},
                              {"id": "main", "kind": "folder", "root": "relative/path"},
                              {"kind": "pigeon"}],
             "sources": ["demo", "locl:/srv/photos", "cloud:photos.example"], "orders": {"workers": 0},
             "webhook": {"url": "https://shop.example/hooks", "secrets": ["short"]}}
            """)
        // Then
        let paths = problems.map(\.path)
        #expect(paths == [
            "$.limts", "$.limits.requestsPerMinute", "$.products[0].unit", "$.destinations[3].id",
            "$.apiKeyHashes", "$.signingKeys[0]", "$.sealingKey", "$.allowedOrigins[1]", "$.port", "$.limits.maximumBodyBytes",
            "$.products[1].width", "$.sources[1]", "$.sources[2]", "$.destinations[1].url", "$.destinations[1].concurrency", "$.destinations[2].id",
            "$.destinations[2].root", "$.destinations[3].kind", "$.orders.workers", "$.webhook.secrets[0]",
        ])
        #expect(problems.first { $0.path == "$.destinations[1].url" }?.description
            == #"$.destinations[1].url: must be http or https with a host; "ftp://uploads.example/in" is not."#)
        #expect(problems.first { $0.path == "$.limits.requestsPerMinute" }?.message == "must be a whole number.")
        #expect(problems.first { $0.path == "$.limts" }?.message.hasPrefix("is not a field here; the fields are host, port") == true)
        #expect(problems.first { $0.path == "$.destinations[3].kind" }?.message.contains("folder, httpUpload, printLab") == true)
    }

    @Test("the error's message lists the problems too, for callers that show one line")
    func messageListsThem() throws {
        let url = try ConfigurationTests.file(#"{"port": "eighty"}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = try #require(throws: PhotoSourceError.self) { try ServiceConfiguration.load(file: url, environment: [:]) }
        #expect(error.message.hasPrefix("The configuration file \(url.path) is not valid (4 problems): $.port: must be a whole number.; $.apiKeyHashes: "))
    }

    @Test("a value wrong in the file is reported once, not again by the check that would follow from it")
    func noEchoes() throws {
        let problems = try Self.problems("""
            {\(OrderConfigurationTests.keys), "webhook": {"url": 5, "secrets": ["a-shared-secret-0001"]}, "destinations": [{"id": "x"}]}
            """)
        #expect(problems.map(\.description) == [
            "$.destinations[0].kind: is missing.", "$.webhook.url: must be a string.",
        ])
    }

    @Test("an environment variable that cannot be used is named as the path", arguments: [
        ("PHOTOSOURCE_PORT", "http"), ("PHOTOSOURCE_REQUESTS_PER_MINUTE", "lots"),
    ])
    func environmentProblems(variable: String, value: String) throws {
        let problems = try Self.problems("{\(OrderConfigurationTests.keys)}", environment: [variable: value])
        #expect(problems == [ConfigurationProblem(path: variable, message: "\"\(value)\" is not a whole number.")])
    }

    @Test("text that is not JSON is one problem at $")
    func notJSON() throws {
        let problems = try Self.problems(#"{"port": 8080,"#)
        #expect(problems.map(\.path) == ["$"])
        #expect(problems.first?.message.hasPrefix("is not a JSON object") == true)
    }

    @Test("decoded with a plain JSONDecoder (no problem log), a mistyped value still throws and an unknown field is ignored")
    func plainDecoderThrows() throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ServiceConfiguration.self, from: Data(#"{"port": "eighty"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ServiceConfiguration.self, from: Data(#"{"limits": {"workers": 1, "requestsPerMinute": []}}"#.utf8)) }
        let lenient = try JSONDecoder().decode(ServiceConfiguration.self, from: Data(#"{"port": 81, "comment": "kept out"}"#.utf8))
        #expect(lenient.port == 81)
    }
}
