import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing
@testable import SampleSources

@Test func zzTiming() async throws {
    let clock = ContinuousClock()
    let names = (1...100_000).map { "IMG_\($0).jpg" }.shuffled()
    var t = clock.now
    let keys = names.map(NaturalSortKey.init)
    print("TIMING keys:", clock.now - t)
    t = clock.now
    _ = keys.sorted()
    print("TIMING sort:", clock.now - t)
    t = clock.now
    for name in names.prefix(100_000) {
        let fd = open("/tmp/sniffbench/f/" + name, O_RDONLY)
        let file = FileDescriptor(adopting: fd)
        _ = ImageProbe.sniff(file, name: name)
    }
    print("TIMING sniff:", clock.now - t)
    t = clock.now
    for name in names.prefix(100_000) {
        let fd = open("/tmp/sniffbench/f/" + name, O_RDONLY)
        close(fd)
    }
    print("TIMING open-close:", clock.now - t)
}
