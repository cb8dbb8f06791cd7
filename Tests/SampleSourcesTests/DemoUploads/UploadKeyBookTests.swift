@testable import SampleSources
import Testing

/// The demo upload receiver's memory of `Idempotency-Key`s: Stripe's rules for repeats.
@Suite("Demo upload receiver: the key book")
struct UploadKeyBookTests {
    @Test("a new key is stored; a repeat while it is being stored is 409; afterwards the first answer is replayed")
    func repeatsOfOneKey() {
        var book = UploadKeyBook()
        let answer = UploadKeyBook.Answer(status: 201, body: #"{"id":"upl_1"}"#)
        // When / Then
        #expect(book.begin("k-0", fingerprint: "ord/0/abc") == .store)
        #expect(book.begin("k-0", fingerprint: "ord/0/abc") == .inProgress)
        book.finish("k-0", fingerprint: "ord/0/abc", answer: answer)
        #expect(book.begin("k-0", fingerprint: "ord/0/abc") == .replay(answer))
        #expect(book.begin("k-0", fingerprint: "ord/0/abc") == .replay(answer))
    }

    @Test("a key reused for another upload is refused, while stored and after")
    func reusedKey() {
        var book = UploadKeyBook()
        #expect(book.begin("k-0", fingerprint: "ord/0/abc") == .store)
        #expect(book.begin("k-0", fingerprint: "ord/1/def") == .reused)
        book.finish("k-0", fingerprint: "ord/0/abc", answer: .init(status: 201, body: "{}"))
        #expect(book.begin("k-0", fingerprint: "ord/1/def") == .reused)
    }

    @Test("a key whose upload was not stored is forgotten, so the sender may try again")
    func forgottenKey() {
        var book = UploadKeyBook()
        #expect(book.begin("k-0", fingerprint: "ord/0/abc") == .store)
        book.forget("k-0")
        #expect(book.begin("k-0", fingerprint: "ord/0/abc") == .store)
    }
}
