import Foundation
import PhotoSourceKit
import Testing
@testable import photosource

@Suite("Reports and locations")
struct ReportTests {
    @Test("the location shows the page 1-based, with the count only when the total is known")
    func locations() {
        let scope = ItemScope.root.appending(id: "Travel", title: "Travel").appending(id: "Travel/Italy", title: "Italy")
        #expect(Location(sourceTitle: "Sample Library", scope: scope, page: 1, pageCount: 14).prompt == "Sample Library:/Travel/Italy [page 2/14]> ")
        #expect(Location(sourceTitle: "Cloud", scope: .root, page: 0).description == "Cloud:/ [page 1]")
    }

    @Test("ls JSON has every key, null scope at the root and null sizes when unknown")
    func listingJSON() throws {
        let items: [any PhotoSourceItem] = [
            DefaultPhotoSourceItem.container(id: "Travel", sourceID: "s", title: "Travel"),
            DefaultPhotoSourceItem.image(id: "a.jpg", sourceID: "s", title: "a.jpg", pixelSize: PixelSize(width: 30, height: 20)),
            DefaultPhotoSourceItem.image(id: "b.jpg", sourceID: "s", title: "b.jpg"),
        ]
        let listed = ItemPage(scope: .root, page: 0, count: 3, items: items, hasMore: true, totalCount: 9)
        // When
        let json = try JSONText.encode(ListingReport(sourceID: "s", listed: listed))
        // Then
        #expect(json == #"{"count":3,"hasMore":true,"items":[{"height":null,"id":"Travel","kind":"container","title":"Travel","width":null},{"height":20,"id":"a.jpg","kind":"image","title":"a.jpg","width":30},{"height":null,"id":"b.jpg","kind":"image","title":"b.jpg","width":null}],"page":1,"scope":null,"source":"s"}"#)
    }

    @Test("info JSON carries the item, its source and a fitness row per product")
    func infoJSON() throws {
        let item = DefaultPhotoSourceItem.image(
            id: "x/y.jpg", sourceID: "s", title: "y.jpg", pixelSize: PixelSize(width: 1800, height: 1200),
            publicURL: URL(string: "https://example.com/y.jpg"))
        // When
        let data = try #require(try JSONText.encode(ItemReport(item: item, sourceID: "s")).data(using: .utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // Then
        #expect(object["source"] as? String == "s")
        #expect(object["id"] as? String == "x/y.jpg")
        #expect(object["publicURL"] as? String == "https://example.com/y.jpg")
        #expect(object["width"] as? Int == 1800)
        let rows = try #require(object["printFitness"] as? [[String: Any]])
        #expect(rows.map { $0["product"] as? String } == ["4x6", "5x7", "8x10", "16x20", "a4", "a3"])
        #expect(rows.first?["printSize"] as? String == "4×6 in print")
        #expect(rows.first?["effectiveDPI"] as? Int == 300)
        #expect(rows.first?["minimumDPI"] as? Int == 150)
        #expect(rows.first?["goodDPI"] as? Int == 300)
        #expect(rows.first?["verdict"] as? String == "good")
    }

    @Test("a listing with a selected photo marks it; numbers are right-aligned")
    func listingLines() {
        let items: [any PhotoSourceItem] = [BackItem(sourceID: "s", target: .root)] + (1...10).map {
            DefaultPhotoSourceItem.image(id: "p\($0)", sourceID: "s", title: "p\($0)") as any PhotoSourceItem
        }
        let scope = ItemScope.root.appending(id: "A", title: "A")
        let listing = PageListing(
            sourceTitle: "S", page: ItemPage(scope: scope, page: 0, count: 10, items: items, hasMore: false, totalCount: 10),
            selectedIDs: ["p10"])
        // When
        let lines = listing.lines()
        // Then
        #expect(lines.prefix(3) == ["S:/A [page 1/1]", "      ..", "   1  p1"])
        #expect(lines.last == "  10* p10")
    }
}
