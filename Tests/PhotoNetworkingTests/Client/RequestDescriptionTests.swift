import Foundation
import Testing
@testable import PhotoNetworking

@Suite("Printing requests and responses")
struct RequestDescriptionTests {
    @Test func printingARequestOrResponseNeverShowsSecrets() {
        let url = URL(string: "https://photos.example/a.jpg?access_token=query-secret&size=2")!
        let request = HTTPRequest(url: url, headers: ["Authorization": "Bearer header-secret"], body: Data("x".utf8))
        let response = HTTPResponse(status: 200, headers: ["set-cookie": "session=cookie-secret"], body: Data(), url: url)
        for text in [String(describing: request), String(reflecting: request), "\(response)", String(reflecting: response)] {
            #expect(!text.contains("secret"), "\(text)")
        }
        #expect(request.description == "GET https://photos.example/a.jpg?access_token=REDACTED&size=2 (headers: Authorization), 1-byte body")
    }

    @Test func headersAreMatchedCaseInsensitively() {
        var request = HTTPRequest(url: URL(string: "https://photos.example/")!, headers: ["content-type": "a"])
        request.setHeader("Content-Type", "b")
        #expect(request.headers == ["Content-Type": "b"])
        #expect(request.header("CONTENT-TYPE") == "b")
        request.setHeader("content-TYPE", nil)
        #expect(request.headers.isEmpty)
    }
}
