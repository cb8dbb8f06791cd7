import Foundation
import PhotoSourceKit
@testable import SampleSources

/// Photos and sources for the ``PreselectedSource`` tests.
enum PreselectedFixtures {
    /// A 30×20 JPEG whose frame header comes after `segments` APP2 segments of 65,000 bytes
    /// (an ICC profile, say), so it does not fit in the first range request.
    static func jpegWithLargeHeader(segments: Int = 2) throws -> Data {
        let plain = try ImageFixtures.jpeg(width: 30, height: 20)
        var padded = Data(plain.prefix(2))
        for _ in 0..<segments {
            padded.append(contentsOf: [0xFF, 0xE2, 0xFD, 0xE8])
            padded.append(Data(count: 0xFDE8 - 2))
        }
        padded.append(plain.dropFirst(2))
        return padded
    }

    /// A source listing `paths` on `server`, whose origin is allowed.
    static func source(_ server: PhotoServer, _ paths: [String]) throws -> PreselectedSource {
        try PreselectedSource(entries: paths.map { server.url($0).absoluteString }, allowedOrigins: [server.origin])
    }

    /// Page 0 of the root with room for every item.
    static func rootItems(_ source: PreselectedSource) async throws -> [any PhotoSourceItem] {
        try await source.items(in: .root, page: 0, count: source.maximumPageSize).items
    }

    /// The listed sizes of `data` served as a URL and read as a file, in that order.
    static func sizesAsURLAndFile(_ data: Data, name: String) async throws -> [PixelSize?] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(data, to: name)
        return try await PhotoServer.run(["/" + name: .init(data: data)]) { server in
            let source = try PreselectedSource(
                entries: [server.url("/" + name).absoluteString, name], fileRoot: folder.url, allowedOrigins: [server.origin])
            return try await rootItems(source).map(\.pixelSize)
        }
    }
}
