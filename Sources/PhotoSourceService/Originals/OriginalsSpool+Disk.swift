import Foundation

extension OriginalsSpool {
    /// Registers the complete entries a previous run left in `directory` (a sidecar and a data
    /// file of the size it names) and returns the names of broken or superseded ones to delete.
    /// Data files without a sidecar are deleted once `unclaimedAfter` old (younger ones may be
    /// another process's download being digested, on this machine or another sharing the folder).
    static func load(_ directory: URL, into index: inout SpoolIndex, unclaimedAfter: TimeInterval) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var doomed: [String] = []
        var found: [(name: String, sidecar: SpoolSidecar)] = []
        let decoder = JSONDecoder()
        for fileName in names where fileName.hasSuffix(".json") {
            let name = String(fileName.dropLast(5))
            let data = directory.appendingPathComponent(name + ".original")
            guard let bytes = try? Data(contentsOf: directory.appendingPathComponent(fileName)),
                  let sidecar = try? decoder.decode(SpoolSidecar.self, from: bytes),
                  size(of: data) == sidecar.byteCount
            else {
                doomed.append(name)
                continue
            }
            found.append((name, sidecar))
        }
        let registered = Set(found.map(\.name))
        for fileName in names where fileName.hasSuffix(".original") {
            let name = String(fileName.dropLast(9))
            let modified = (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(fileName).path)[.modificationDate] as? Date)
            if !registered.contains(name), Date().timeIntervalSince(modified ?? .distantPast) > unclaimedAfter { doomed.append(name) }
        }
        for (name, sidecar) in found.sorted(by: { $0.sidecar.created < $1.sidecar.created }) {
            let original = SpooledOriginal(
                file: directory.appendingPathComponent(name + ".original"), byteCount: sidecar.byteCount,
                md5Hex: sidecar.md5Hex, md5Base64: sidecar.md5Base64, sha256Hex: sidecar.sha256Hex, contentType: sidecar.contentType)
            doomed += index.insert(.init(fileName: name, key: sidecar.key, original: original, created: sidecar.created, isVersioned: sidecar.isVersioned))
        }
        return doomed
    }
}
