import Foundation
import PhotoImaging
import PhotoSourceKit

/// The synchronous work behind ``LocalFolderSource``: resolving ids safely, listing pages from
/// the cached folder index, and reading the headers of the photos on a page.
struct FolderLister: Sendable {
    let sourceID: String
    let resolver: LocalPathResolver
    let cache: FolderIndexCache

    /// One page of the folder `scope` names (the root when the scope is the root).
    func page(of scope: ItemScope, page: Int, count: Int) throws -> PageSlice {
        let folderID = scope.containerID ?? ""
        let folder = try folderPath(for: folderID)
        let status = try FileStatus(ofPath: folder, name: folderID.isEmpty ? "the source's folder" : folderID)
        let index = try cache.index(at: folder, stamp: FolderStamp(status)) {
            try FolderScanner.scan(folder: folder, id: folderID, resolver: resolver)
        }
        let total = index.entries.count
        let (start, overflow) = page.multipliedReportingOverflow(by: count)
        guard !overflow, start < total else { return PageSlice(items: [], hasMore: false, totalCount: total) }
        let end = min(total, start + count)
        let entries = index.entries[start..<end]
        let probes = probes(of: entries, folder: folder, folderID: folderID)
        let items: [any PhotoSourceItem] = entries.map { entry in
            let id = Self.childID(entry.name, in: folderID)
            let title = EncodedFileName.displayName(entry.name)
            let probe = probes[entry.name]
            if entry.kind == .folder {
                return DefaultPhotoSourceItem.container(id: id, sourceID: sourceID, title: title)
            }
            // The file's current bytes decide; the index's kind only when it could not be probed now.
            let indexed: ImageFormat? = if case .image(let format) = entry.kind { format } else { nil }
            guard let format = probe.map(\.format) ?? indexed else {
                return notAPhotoItem(id: id, title: title, problem: probe?.problem ?? ImageProbe.unreadable)
            }
            return imageItem(id: id, title: title, format: format, pixelSize: probe?.pixelSize)
        }
        return PageSlice(items: items, hasMore: end < total, totalCount: total)
    }

    /// The item `id` names, after the security rules.
    func item(id: String) throws -> DefaultPhotoSourceItem {
        guard !id.isEmpty else {
            throw PhotoSourceError(.invalidData, "An empty id names the source's own folder, which is not an item; list the root instead.")
        }
        let path = try resolvedPath(of: id)
        let status = try FileStatus(ofPath: path, name: id)
        let title = EncodedFileName.displayName(id.split(separator: "/").last ?? Substring(id))
        switch status.kind {
        case .directory:
            return .container(id: id, sourceID: sourceID, title: title)
        case .regular:
            let probe = try ImageProbe(path: path, name: id)
            guard let format = probe.format else {
                throw ItemProblem.notAPhotoError(title, problem: probe.problem ?? ImageProbe.unreadable)
            }
            return imageItem(id: id, title: title, format: format, pixelSize: probe.pixelSize)
        case .symbolicLink, .other:
            throw PhotoSourceError(.invalidData, "\"\(id)\" is neither a photo nor a folder (a FIFO, socket or device).")
        }
    }

    /// The file to download for the photo `id`: inside the root, existing, and a regular file.
    func imageFile(for id: String) throws -> URL {
        let path = try resolvedPath(of: id)
        let status = try FileStatus(ofPath: path, name: id)
        guard status.kind == .regular else {
            throw PhotoSourceError(.invalidData, "\"\(id)\" is not a regular file, so it cannot be downloaded as a photo.")
        }
        return URL(fileURLWithPath: path)
    }

    /// The real path of the folder `folderID` (`""`: the root); `.notFound` when it is gone,
    /// `.invalidData` when it is a file.
    func folderPath(for folderID: String) throws -> String {
        if folderID.isEmpty { return resolver.root.path }
        let path: String
        do {
            path = try resolvedPath(of: folderID)
        } catch let error as PhotoSourceError where error.code == .notFound {
            throw PhotoSourceError(
                .notFound, "The folder \"\(folderID)\" no longer exists; go back and list its parent again.",
                detail: error.detail, underlying: error)
        }
        guard try FileStatus(ofPath: path, name: folderID).kind == .directory else {
            throw PhotoSourceError(.invalidData, "\"\(folderID)\" is a file, not a folder; only folders can be opened.")
        }
        return path
    }

    /// Checks the shape of `id` and resolves it inside the root (`LocalPathResolver`'s rules:
    /// `..`, absolute paths and links leaving the root are `.accessDenied`).
    ///
    /// Ids name visible entries only: an empty, `.` or hidden component is `.notFound`, since
    /// the listing never shows such an item. A component is hidden when its raw name starts with
    /// `.`: an encoded name (``EncodedFileName``, `.%caf%E9.jpg`) is not hidden.
    func resolvedPath(of id: String) throws -> String {
        try LocalPathResolver.validate(id: id)
        let components = id.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0.isEmpty || EncodedFileName.decode(name: $0).first == UInt8(ascii: ".") }) {
            throw PhotoSourceError(
                .notFound,
                "There is no item \"\(id)\": ids are visible file and folder names below the source's folder, joined by single slashes.")
        }
        return try resolver.url(for: id).path
    }

    /// The probes of the files among `entries` (format, pixel size, or why it is not a photo),
    /// remembered when the file is unchanged, else read from its header. A file that vanished or
    /// cannot be read gets none (and is listed as its index entry says).
    private func probes(of entries: ArraySlice<FolderIndex.Entry>, folder: String, folderID: String) -> [String: ImageProbe] {
        let images = entries.filter { $0.kind != .folder }
        let known = cache.probes(of: images.map(\.name), at: folder)
        var fresh: [String: ImageProbe] = [:]
        var probes: [String: ImageProbe] = [:]
        for entry in images {
            let id = Self.childID(entry.name, in: folderID)
            let path = entry.isLink ? try? resolver.url(for: id).path : folder + "/" + entry.name
            guard let path, let status = try? FileStatus(ofPath: path, name: id) else { continue }
            if let probe = known[entry.name], probe.status.isSameVersion(as: status) {
                probes[entry.name] = probe
            } else if let probe = try? ImageProbe(path: path, name: id) {
                fresh[entry.name] = probe
                probes[entry.name] = probe
            }
        }
        cache.remember(fresh, at: folder)
        return probes
    }

    private func imageItem(id: String, title: String, format: ImageFormat, pixelSize: PixelSize?) -> DefaultPhotoSourceItem {
        .image(id: id, sourceID: sourceID, title: title, pixelSize: pixelSize, userInfo: ["format": format.rawValue])
    }

    /// A file named like a photo whose bytes are not one: listed in its place, never offered as a photo.
    private func notAPhotoItem(id: String, title: String, problem: String) -> DefaultPhotoSourceItem {
        .image(
            id: id, sourceID: sourceID, title: title + ItemProblem.notAPhotoTitleSuffix,
            userInfo: [ItemProblem.userInfoKey: problem])
    }

    static func childID(_ name: String, in folderID: String) -> String {
        folderID.isEmpty ? name : folderID + "/" + name
    }
}
