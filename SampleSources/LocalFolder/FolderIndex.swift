import PhotoImaging
import PhotoSourceKit

/// The listable entries of one folder, in display order, with the folder state they describe.
///
/// An index holds names and kinds only: subfolders, files whose magic bytes say JPEG or PNG,
/// and files named like a photo whose bytes are not one (listed as not a photo). Pixel sizes are read per page (see ``FolderIndexCache``), so listing one page of a
/// 100,000-photo folder never reads 100,000 headers.
struct FolderIndex: Sendable {
    /// What an entry is.
    enum Kind: Sendable, Hashable {
        case folder
        case image(ImageFormat)
        /// A file named like a photo (``FolderScanner/claimsPhoto(_:)``) whose bytes are not a
        /// JPEG or PNG: listed, marked as not a photo (``PhotoSourceKit/ItemProblem``).
        case notAPhoto
    }

    /// One listable entry.
    struct Entry: Sendable, Hashable {
        /// The file or folder name as an ``EncodedFileName`` (never hidden).
        var name: String
        var kind: Kind
        /// Whether the entry is a symlink (to a place inside the root); its target is
        /// re-checked every time it is read.
        var isLink: Bool
    }

    /// The folder's identity and modification time when the scan began.
    var stamp: FolderStamp
    /// The wall-clock time the scan began, to tell whether ``stamp`` can be trusted.
    var builtAt: FileTime
    /// Folders first, then images, each in natural order.
    var entries: [Entry]

    /// Puts `entries` in display order: folders first, then images, each in ``NaturalSortKey`` order.
    static func sorted(_ entries: [Entry]) -> [Entry] {
        func naturally(_ group: [Entry]) -> [Entry] {
            // Sorting the keys alone (each remembers its entry's index) keeps swaps cheap.
            // By the name people see (`caf\u{FFFD}.jpg` beside `café.jpg`), ties by the encoded name.
            group.enumerated().map { NaturalSortKey(EncodedFileName.displayName($1.name), index: $0, tieBreak: $1.name) }
                .sorted().map { group[$0.index] }
        }
        return naturally(entries.filter { $0.kind == .folder }) + naturally(entries.filter { $0.kind != .folder })
    }
}

/// What identifies one state of a folder: device, inode and modification time (nanoseconds).
///
/// Adding, removing or renaming an entry changes the folder's mtime; replacing the folder
/// changes its inode. Either gives a new stamp, and the cached index is rebuilt.
struct FolderStamp: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
    var modified: FileTime

    init(_ status: FileStatus) {
        device = status.device
        inode = status.inode
        modified = status.modified
    }
}
