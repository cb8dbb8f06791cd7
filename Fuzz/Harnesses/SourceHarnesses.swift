import Foundation
import PhotoNetworking
@testable import SampleSources

/// The `urls:` list entry parser, with URLs allowed from one origin and no file root (file
/// entries are then refused without touching the disk).
private let parser = EntryParser(policy: (try? AddressPolicy.trusting(origins: ["https://photos.example"])) ?? .publicOnly,
                                 files: nil)

let sourceHarnesses: [Harness] = [
    Harness(name: "urls-entry") { data in
        for line in text(data).split(separator: "\n") {
            _ = try? parser.entry(line.trimmingCharacters(in: .whitespaces))
        }
    },
]
