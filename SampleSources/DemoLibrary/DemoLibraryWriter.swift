import Foundation
import PhotoImaging
import PhotoSourceKit
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes demo photos into a temporary sibling of the library's folder, then renames it into place.
struct DemoLibraryWriter {
    let root: URL
    private var parent: URL { root.deletingLastPathComponent() }
    private var partialPrefix: String { ".\(root.lastPathComponent).partial-" }

    /// Generates `photos` and moves the finished library to ``root``; `progress` hears each photo written.
    func write(_ photos: [DemoPhoto], progress: DemoLibrary.Progress? = nil) throws {
        try prepareRoot()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw PhotoSourceError(.accessDenied, "Could not create \(parent.path) for the demo library; check its permissions.", underlying: error)
        }
        removeAbandonedPartials()
        let temp = parent.appendingPathComponent(partialPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        try Self.render(photos, into: temp, progress: progress)
        try AtomicFile.write(DemoLibrary.markerContents, to: temp.appendingPathComponent(DemoLibrary.markerName))
        guard rename(temp.path, root.path) == 0 else {
            let code = errno
            if DemoLibrary.isComplete(root) { return }  // another process finished first
            throw PhotoSourceError(.unknown, "Could not move the new demo library to \(root.path).", detail: String(cString: strerror(code)))
        }
    }

    /// Paints and encodes every photo into `folder`, on all cores, calling `progress` after each.
    static func render(_ photos: [DemoPhoto], into folder: URL, progress: DemoLibrary.Progress? = nil) throws {
        let albums = Set(photos.map { ($0.path as NSString).deletingLastPathComponent })
        do {
            for album in albums.sorted() {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(album), withIntermediateDirectories: true)
            }
        } catch {
            throw PhotoSourceError(.accessDenied, "Could not create the demo library's folders in \(folder.path).", underlying: error)
        }
        let failure = Mutex<(any Error)?>(nil)
        let written = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: photos.count) { index in
            guard failure.withLock({ $0 == nil }) else { return }
            do {
                try encode(photos[index]).write(to: folder.appendingPathComponent(photos[index].path))
                progress?(written.add(1, ordering: .relaxed).newValue, photos.count)
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) {
            throw PhotoSourceError.wrapping(error, context: "Writing the demo library to \(folder.path)")
        }
    }

    /// The encoded file of `photo`.
    static func encode(_ photo: DemoPhoto) throws -> Data {
        let pixels = DemoPainter.paint(photo).storedPixels(for: photo.orientation)
        switch photo.format {
        case .jpeg: return try ImageEncoder.jpeg(pixels, quality: 85, progressive: photo.progressive, orientation: photo.orientation)
        case .png: return try ImageEncoder.png(pixels)
        }
    }

    /// Refuses to replace a folder that is not ours; clears an empty folder or an older library.
    private func prepareRoot() throws {
        let manager = FileManager.default
        guard let contents = try? manager.contentsOfDirectory(atPath: root.path) else { return }
        let isOlderLibrary = contents.contains(DemoLibrary.markerName)
        guard contents.isEmpty || isOlderLibrary else {
            throw PhotoSourceError(
                .invalidData, "\(root.path) already exists and is not a demo library; remove it or choose another folder.")
        }
        do {
            try manager.removeItem(at: root)
        } catch {
            throw PhotoSourceError(.accessDenied, "Could not replace the incomplete demo library at \(root.path).", underlying: error)
        }
    }

    /// Removes partial libraries left by processes that died while generating.
    private func removeAbandonedPartials() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(partialPrefix) {
            let pid = name.dropFirst(partialPrefix.count).split(separator: "-").first.flatMap { Int32($0) }
            if let pid, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }
}
