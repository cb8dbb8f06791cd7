public import Foundation
import NIOPosix
import PhotoImaging
import PhotoSourceKit

/// Photos handlers sent back (`POST /v1/handoffs/{token}/return`), one folder per customer
/// (``CustomerSession/customerKey``, hashed into the folder name), laid out like finished
/// uploads (``UploadFolder``: `<id>.jpg|png` and a JSON sidecar), so the "Received" source reads
/// them as the "Uploads" source reads uploads. They outlive the session that sent the photo: a
/// returning customer (same `customer`, new session) still sees them.
public struct ReceivedPhotos: Sendable {
    /// Where the photos are kept: one sub-folder per customer; the limits are the returns'.
    let store: UploadStore

    /// Received photos in `root`, each at most `maximumBytes`.
    public init(root: URL, maximumBytes: Int) {
        store = UploadStore(root: root, settings: UploadSettings(maximumBytes: maximumBytes, sessionQuotaBytes: .max))
    }

    /// The photos of `configuration`: `received/` in the shared folder (else the state folder).
    public init(_ configuration: ServiceConfiguration) {
        self.init(
            root: configuration.sharedOrStateFolder.appendingPathComponent("received", isDirectory: true),
            maximumBytes: configuration.handoffs.returnMaximumBytes)
    }

    /// The folder key of a customer: the SHA-256 of its key (any printable text), safe as a name.
    static func owner(_ customerKey: String) -> String { SecretHash.sha256Hex(customerKey) }

    /// The limits a returned photo is decoded within: at most 100 MP, so a small file that
    /// claims a huge canvas (a decompression bomb) is refused from its header.
    static let limits = ImageLimits(maxPixels: 100_000_000)

    /// Checks that `bytes` are a JPEG or PNG that decodes within ``limits``; returns its header.
    /// - Throws: ``HandoffRefusal`` problems: 413 over the size limit, 415 not an image, 422 undecodable.
    func verify(_ bytes: Data) async throws -> ImageHeader {
        guard bytes.count <= store.settings.maximumBytes else { throw HandoffRefusal.returnTooLarge(maximum: store.settings.maximumBytes) }
        guard ImageHeader.sniff(bytes.prefix(16)) != nil else { throw HandoffRefusal.notAnImage }
        do {
            return try await UploadVerifier.verify(bytes, limits: Self.limits)
        } catch let error as PhotoSourceError where error.code == .tooLarge {
            throw HandoffRefusal.canvasTooLarge(error)
        } catch {
            throw HandoffRefusal.undecodable(error)
        }
    }

    /// Stores verified `bytes` (``verify(_:)``) for `customerKey` under `title`; returns the record,
    /// whose ``UploadRecord/photoFileName`` is the item id in "Received".
    func add(_ bytes: Data, header: ImageHeader, customerKey: String, title: String, now: Date) async throws -> UploadRecord {
        let folder = store.folder(session: Self.owner(customerKey))
        let finished = UploadRecord(
            id: UploadStore.newID(), session: Self.owner(customerKey), length: bytes.count, filename: title, filetype: nil,
            createdAt: now, expiresAt: now, finishedAt: now, format: header.format == .png ? "png" : "jpeg",
            width: header.displaySize.width, height: header.displaySize.height)
        let session = CustomerSession.sessionID(inCustomerKey: customerKey)
        try await NIOThreadPool.singleton.runIfActive {
            if let session { try Self.markOwner(folder, session: session) }
            try folder.createPart(finished.id)
            let file = try UploadBytesFile(folder.part(finished.id))
            try file.write([UInt8](bytes), at: 0)
            try file.flush()
            try folder.publish(finished)
            try folder.save(finished)
        }
        return finished
    }

    /// The marker naming the session whose photos a folder holds, when it has no customer id
    /// (its key is `session:<id>`): the folder's name is a hash, so the purger reads who owns it here.
    static let sessionMarker = ".session"

    /// Writes the folder's session marker once, before its first photo (flushed: a photo never
    /// outlives its marker across a crash).
    private static func markOwner(_ folder: UploadFolder, session: String) throws {
        let marker = folder.folder.appendingPathComponent(sessionMarker)
        guard !FileManager.default.fileExists(atPath: marker.path) else { return }
        try PrivateDirectory.make(folder.folder)
        try AtomicFile.write(Data(session.utf8), to: marker, mode: PrivateDirectory.fileMode)
    }

    /// Deletes the photos of sessions without a customer id that `isLive` says are gone (nobody
    /// can ever see them again); a customer's photos stay for the customer's next session.
    /// Returns how many photos went. Idempotent, so every instance may run it.
    func purge(isLive: @Sendable (String) async throws -> Bool) async throws -> Int {
        let root = store.root
        let owned: [(folder: URL, session: String)] = try await NIOThreadPool.singleton.runIfActive {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.compactMap { name in
                let folder = root.appendingPathComponent(name, isDirectory: true)
                guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.sessionMarker).path),
                      let session = String(data: data, encoding: .utf8), !session.isEmpty else { return nil }
                return (folder, session)
            }
        }
        var purged = 0
        for (folder, session) in owned where !(try await isLive(session)) {
            purged += try await NIOThreadPool.singleton.runIfActive {
                let count = UploadFolder(folder: folder).records().count
                try? FileManager.default.removeItem(at: folder)
                return count
            }
        }
        return purged
    }
}
