import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import Testing

@Suite("The web picker's page and files")
struct PickerControllerTests {
    /// The `./NAME` references of the page (scripts, styles, icons).
    static func references(in page: String) -> [String] {
        page.components(separatedBy: "\"./").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            .map { $0.split(separator: "#").first.map(String.init) ?? $0 }
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    @Test("/picker/ is an HTML page under a CSP without unsafe-inline or unsafe-eval, framed by no one by default")
    func page() async throws {
        try await ServiceHarness.run { harness in
            // When
            let response = try await harness.get("/picker/", token: nil)
            // Then
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            let policy = try #require(response.headers[.contentSecurityPolicy])
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"))
            #expect(Self.text(response).contains("<meta name=\"photosource-shop-origins\" content=\"\">"))
        }
    }

    @Test("the configured shop origins become frame-ancestors and the page's list for the postMessage handshake")
    func shopOrigins() async throws {
        try await ServiceHarness.run(configure: { $0.picker.shopOrigins = ["https://shop.example", "http://localhost:8000"] }) { harness in
            let response = try await harness.get("/picker/", token: nil)
            #expect(response.headers[.contentSecurityPolicy]?.hasSuffix("frame-ancestors https://shop.example http://localhost:8000") == true)
            #expect(Self.text(response).contains("content=\"https://shop.example http://localhost:8000\""))
            // The API's own policy is unchanged.
            #expect(try await harness.get("/v1/health", token: nil).headers[.contentSecurityPolicy] == "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
        }
    }

    @Test("every file the page names is served under its content hash, immutable; a plain or stale name is 404")
    func hashedAssets() async throws {
        try await ServiceHarness.run { harness in
            let page = Self.text(try await harness.get("/picker/", token: nil))
            let names = Self.references(in: page)
            #expect(names.contains { $0.hasPrefix("app.") && $0.hasSuffix(".js") })
            #expect(names.contains { $0.hasPrefix("picker.") && $0.hasSuffix(".css") })
            for name in Set(names) {
                let response = try await harness.get("/picker/\(name)", token: nil)
                #expect(response.status == .ok, "\(name)")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                // The name's hash is the served bytes' hash.
                let digest = SHA256.hash(data: Data(buffer: response.body)).prefix(5).map { String(format: "%02x", $0) }.joined()
                #expect(name.contains(".\(digest)."), "\(name) is not named by its bytes")
            }
            #expect(try await harness.get("/picker/app.js", token: nil).status == .notFound)
            #expect(try await harness.get("/picker/app.0000000000.js", token: nil).status == .notFound)
        }
    }

    @Test("a module's imports name the other modules' hashed files, so nothing loads an unhashed name")
    func importsAreHashed() async throws {
        try await ServiceHarness.run { harness in
            let page = Self.text(try await harness.get("/picker/", token: nil))
            let app = try #require(Self.references(in: page).first { $0.hasPrefix("app.") })
            let script = Self.text(try await harness.get("/picker/\(app)", token: nil))
            let imports = script.components(separatedBy: "from \"./").dropFirst().compactMap { $0.split(separator: "\"").first }
            #expect(imports.count >= 5)
            for name in imports {
                #expect(name.split(separator: ".").count == 3, "\(name) is not hashed")
                #expect(try await harness.get("/picker/\(name)", token: nil).status == .ok)
            }
        }
    }

    @Test("the page carries the Send to… dialog, and app.js loads its module under its hashed name")
    func sendToDialog() async throws {
        try await ServiceHarness.run { harness in
            let page = Self.text(try await harness.get("/picker/", token: nil))
            for id in ["preview-sendto", "sendto", "sendto-handlers", "sendto-always", "sendto-forget", "sendto-ask"] {
                #expect(page.contains("id=\"\(id)\""), "\(id)")
            }
            #expect(page.contains("New apps are available — choose again."))
            let app = try #require(Self.references(in: page).first { $0.hasPrefix("app.") })
            let script = Self.text(try await harness.get("/picker/\(app)", token: nil))
            let module = try #require(script.components(separatedBy: "from \"./").dropFirst()
                .compactMap { $0.split(separator: "\"").first.map(String.init) }.first { $0.hasPrefix("sendto.") })
            let sendTo = Self.text(try await harness.get("/picker/\(module)", token: nil))
            #expect(sendTo.contains("/v1/handoffs") && sendTo.contains("/v1/catalog/defaults"))
        }
    }

    @Test("/picker redirects to /picker/ with its query, so the page's relative names resolve")
    func redirect() async throws {
        try await ServiceHarness.run { harness in
            let port = try #require(harness.client.port)
            let location = try await NoRedirectFetch.location(of: try #require(URL(string: "http://127.0.0.1:\(port)/picker?product=4x6")))
            #expect(location == "/picker/?product=4x6")
        }
    }
}
