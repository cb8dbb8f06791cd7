import Foundation
import PhotoSourceKit
import Testing

@Suite("PhotoSourceError")
struct PhotoSourceErrorTests {
    @Test("description is the message plus the detail a C library gave")
    func description() {
        let error = PhotoSourceError(.invalidData, "The photo is damaged.", detail: "Premature end of JPEG file")
        #expect(error.description == "The photo is damaged. (Premature end of JPEG file)")
        #expect(PhotoSourceError(.notFound, "Gone.").description == "Gone.")
        #expect(error.localizedDescription == error.description)
    }

    @Test("codes have stable names and know which mean sign in again")
    func codes() {
        #expect(PhotoSourceError.Code.rateLimited(retryAfter: .seconds(3)).name == "rate-limited")
        #expect(PhotoSourceError.Code.notLoggedIn.isAuthFailure)
        #expect(PhotoSourceError.Code.invalidCredentials.isAuthFailure)
        #expect(!PhotoSourceError.Code.connection.isAuthFailure)
        let names: [PhotoSourceError.Code] = [
            .notLoggedIn, .invalidData, .invalidCredentials, .authentication, .connection, .rateLimited(retryAfter: nil),
            .tooLarge, .unsupportedFormat, .notFound, .accessDenied, .cancelled, .unknown,
        ]
        #expect(Set(names.map(\.name)).count == names.count)
    }

    @Test("wrapping keeps our errors, maps cancellation and keeps foreign errors as the cause")
    func wrapping() {
        struct Foreign: Error {}
        let ours = PhotoSourceError(.tooLarge, "Too big.")
        #expect(PhotoSourceError.wrapping(ours, context: "x").code == .tooLarge)
        #expect(PhotoSourceError.wrapping(CancellationError(), context: "Listing").code == .cancelled)
        let wrapped = PhotoSourceError.wrapping(Foreign(), context: "Listing")
        #expect(wrapped.code == .unknown)
        #expect(wrapped.underlying is Foreign)
        #expect(wrapped.message.hasPrefix("Listing"))
    }
}
