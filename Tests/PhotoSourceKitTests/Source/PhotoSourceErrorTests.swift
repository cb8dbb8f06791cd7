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

    @Test("errno values map to codes and messages a person can act on, with strerror as the detail", arguments: [
        (ENOENT, PhotoSourceError.Code.notFound, "a.jpg does not exist (any more)."),
        (ENOTDIR, .notFound, "a.jpg does not exist (any more)."),
        (EACCES, .accessDenied, "a.jpg may not be read; check its permissions."),
        (EROFS, .accessDenied, "a.jpg may not be read; check its permissions."),
        (ELOOP, .accessDenied, "a.jpg is a link where a file was expected."),
        (EIO, .unknown, "a.jpg could not be read."),
    ])
    func fileSystemErrors(errno code: Int32, expected: PhotoSourceError.Code, message: String) {
        let reading = PhotoSourceError.fileSystem(errno: code, reading: "a.jpg")
        let writing = PhotoSourceError.fileSystem(errno: code, "Could not write b.jpg.")
        #expect(reading.code == expected && writing.code == expected)
        #expect(reading.message == message)
        #expect(writing.message == "Could not write b.jpg.")
        #expect(reading.detail == String(cString: strerror(code)))
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
