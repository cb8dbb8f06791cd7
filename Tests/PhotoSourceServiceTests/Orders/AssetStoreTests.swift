import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

@Suite("The asset store's folder")
struct AssetStoreTests {
    @Test("a folder removed while the service runs is made again on the next asset")
    func recreatesItsFolder() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let root = library.stateFolder.appendingPathComponent("assets", isDirectory: true)
        let store = try AssetStore(root: root)
        // When: someone removes the whole folder after the store opened it
        try FileManager.default.removeItem(at: root)
        let asset = try await store.ingest(file: library.root.appendingPathComponent("portrait.jpg"))
        // Then: the asset is stored whole, at its hash
        #expect(FileManager.default.contentsEqual(atPath: asset.file.path, andPath: library.root.appendingPathComponent("portrait.jpg").path))
        #expect(asset.file.path.hasPrefix(root.path))
    }

    @Test("a folder that cannot be made fails with a message that names the asset store, not the server's path")
    func unmakeableFolderHidesPath() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let root = library.stateFolder.appendingPathComponent("assets", isDirectory: true)
        let store = try AssetStore(root: root)
        // When: the folder is gone and a file stands where it would be made
        try FileManager.default.removeItem(at: root)
        try Data("not a folder".utf8).write(to: root)
        let error = await #expect(throws: PhotoSourceError.self) {
            try await store.ingest(file: library.root.appendingPathComponent("portrait.jpg"))
        }
        // Then
        #expect(error?.code == .unknown)
        #expect(error?.message.hasPrefix("Could not start an asset in the asset store (") == true)
        #expect(error?.message.contains(library.stateFolder.path) == false)
    }
}
