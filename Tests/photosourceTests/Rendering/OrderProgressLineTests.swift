import Testing
@testable import photosource

@Suite("Order progress line")
struct OrderProgressLineTests {
    /// An order of `photos` lines, `materialised` of them done, to a folder and a lab.
    func order(status: String, photos: Int, materialised: Int, folder: String, lab: String, stage: String?) -> OrderSnapshot {
        OrderSnapshot(
            id: "ord_1", reference: "repl-1", product: "4x6", status: status,
            items: (0..<photos).map { index in
                .init(
                    index: index, itemId: "p\\(index)", product: "4x6", state: index < materialised ? "materialised" : "pending", errorCode: nil,
                    message: nil, warnings: [], fileName: nil, byteCount: nil, md5: nil, pixelWidth: nil, pixelHeight: nil, fitness: nil)
            },
            destinations: [
                .init(id: "folder", kind: "folder", state: folder, stage: nil, externalId: nil, errorCode: nil, message: nil),
                .init(id: "lab", kind: "printLab", state: lab, stage: stage, externalId: nil, errorCode: nil, message: nil),
            ])
    }

    @Test("photos, the folder and the lab's four stages each count a step; the order is settled only when the lab shipped")
    func steps() {
        let started = order(status: "materialising", photos: 2, materialised: 1, folder: "pending", lab: "pending", stage: nil)
        let printed = order(status: "delivered", photos: 2, materialised: 2, folder: "delivered", lab: "delivered", stage: "printed")
        let shipped = order(status: "delivered", photos: 2, materialised: 2, folder: "delivered", lab: "delivered", stage: "shipped")
        // Then
        #expect(OrderProgressLine.steps(of: started) == (1, 7))
        #expect(OrderProgressLine.steps(of: printed) == (6, 7))
        #expect(OrderProgressLine.line(number: 2, order: started, width: 7) == "Order 2 [#------]  14%  materialising · photos 1/2 · folder pending · lab pending")
        #expect(OrderProgressLine.line(number: 2, order: shipped, width: 7) == "Order 2 [#######] 100%  delivered · photos 2/2 · folder delivered · lab shipped")
        #expect(!printed.isSettled && printed.isFinal)
        #expect(shipped.isSettled)
    }

    @Test("the line fits the terminal with a column to spare: the bar narrows first, then the end is cut with …", arguments: [80, 60, 40, 20])
    func fitsTheWidth(columns: Int) {
        let started = order(status: "materialising", photos: 12, materialised: 3, folder: "delivering", lab: "received", stage: "received")
        // When
        let line = OrderProgressLine.line(number: 12, order: started, columns: columns)
        // Then
        #expect(line.count <= columns - 1, "\(line)")
        #expect(line.hasPrefix("Order 12 ["))
    }

    @Test("the bar narrows before any detail is cut")
    func narrowsTheBarFirst() {
        let started = order(status: "materialising", photos: 2, materialised: 1, folder: "pending", lab: "pending", stage: nil)
        #expect(OrderProgressLine.line(number: 2, order: started, columns: 100) == "Order 2 [##------------------]  14%  materialising · photos 1/2 · folder pending · lab pending")
        #expect(OrderProgressLine.line(number: 2, order: started, columns: 90) == "Order 2 [#---------]  14%  materialising · photos 1/2 · folder pending · lab pending")
        #expect(OrderProgressLine.line(number: 2, order: started, columns: 80) == "Order 2 [-----]  14%  materialising · photos 1/2 · folder pending · lab pending")
        #expect(OrderProgressLine.line(number: 2, order: started, columns: 40) == "Order 2 [-----]  14%  materialising · …")
    }

    @Test("a lab that failed before it took the order ends the following too")
    func failedLab() {
        let failed = order(status: "partiallyDelivered", photos: 1, materialised: 1, folder: "delivered", lab: "failed", stage: nil)
        #expect(failed.isSettled)
        #expect(OrderProgressLine.steps(of: failed) == (6, 6))
    }
}
