import Foundation
import PhotoSourceKit

extension Repl {
    /// `order [--product ID] [--to DEST]`: the selection becomes an order of the in-process
    /// service (started on first use), which the REPL follows with a progress bar until it has
    /// ended (and the demo lab has shipped it), then summarises. Ctrl-C stops the following only.
    func placeOrder(_ options: OrderOptions) async throws {
        let selection = await browser.selection
        guard !selection.isEmpty else {
            throw PhotoSourceError(.invalidData, "Nothing is selected to order; `select N` adds photos of the listed page, then type `order`.")
        }
        let product = options.product ?? InProcessOrderService.defaultProduct
        try Self.check(product: product, destinations: options.destinations)
        try await requireSignIns(for: selection)
        let service = try await orders.service(sources: browser.sources)
        let lines = try selection.map { entry in
            guard let source = service.sources.serviceIDs[entry.sourceID] else {
                throw PhotoSourceError(.invalidData, "Photos of \(entry.sourceTitle) cannot be ordered: the order service cannot look them up; unselect them first.")
            }
            return OrderAPIClient.NewOrder.Line(source: source, itemId: entry.item.id, copies: 1)
        }
        let reference = await orders.nextReference
        let id = try await service.client.place(
            .init(reference: reference, product: product, items: lines, destinations: options.destinations.isEmpty ? nil : options.destinations),
            idempotencyKey: UUID().uuidString)
        let number = await orders.record(.init(id: id, reference: reference, titles: selection.map(\.item.title)))
        let destinations = options.destinations.isEmpty ? InProcessOrderService.destinationIDs : options.destinations
        output.line(TerminalText.escaped(
            "Order \(number) (\(id)): \(lines.count) photo(s) as \(product) to \(destinations.joined(separator: ", ")). "
                + "Ctrl-C stops following it; the order goes on."))
        let ended = try await follow(id, number: number, client: service.client)
        output.lines(OrderReport(number: number, order: ended, titles: selection.map(\.item.title), folder: { service.folder(of: id, destination: $0) })
            .lines(style: style))
    }

    /// `orders`: this session's orders, as they stand now (with a print lab's last stage).
    func listOrders() async throws {
        let placed = await orders.placed
        guard let service = await orders.running, !placed.isEmpty else {
            output.line("No orders yet; `select N` some photos, then type `order`.")
            return
        }
        let width = String(placed.count).count
        for (index, order) in placed.enumerated() {
            let snapshot = try await service.client.order(order.id)
            let number = String(index + 1)
            output.line(
                "  " + String(repeating: " ", count: width - number.count) + number + "  " + TerminalText.escaped(order.id) + "  "
                    + TerminalText.escaped(order.reference) + "  " + style.strong(TerminalText.escaped(snapshot.status)) + "  "
                    + "\(snapshot.items.count) photo(s)"
                    + snapshot.destinations.compactMap { lab in lab.stage.map { TerminalText.escaped("  \(lab.id) \($0)") } }.joined())
        }
    }

    /// `order-status N`: order N of `orders` in detail.
    func showOrder(_ number: Int) async throws {
        let placed = await orders.placed
        guard let service = await orders.running, placed.indices.contains(number - 1) else {
            throw PhotoSourceError(.notFound, placed.isEmpty
                ? "There are no orders yet; `select N` some photos, then type `order`."
                : "There is no order \(number); `orders` lists the \(placed.count) of this session.")
        }
        let order = placed[number - 1]
        let snapshot = try await service.client.order(order.id)
        output.lines(OrderReport(number: number, order: snapshot, titles: order.titles, folder: { service.folder(of: order.id, destination: $0) })
            .lines(style: style))
    }

    /// Polls the order until there is nothing more to follow, redrawing the progress line on a
    /// terminal; returns the last state. A lab that stops reporting is waited for 60 s at most.
    private func follow(_ id: String, number: Int, client: OrderAPIClient) async throws -> OrderSnapshot {
        var drawn: String?
        var finalSince: Date?
        // After Ctrl-C the REPL has moved on to its prompt: a late newline would land after it.
        defer { if drawn != nil, !Task.isCancelled { output.write("\n") } }
        while true {
            let order = try await client.order(id)
            if terminal.isInteractive {
                let line = OrderProgressLine.line(number: number, order: order)
                if line != drawn {
                    output.write("\r" + line + "\u{1B}[K")
                    drawn = line
                }
            }
            if order.isSettled { return order }
            if order.isFinal {
                if let since = finalSince, Date().timeIntervalSince(since) > 60 { return order }
                finalSince = finalSince ?? Date()
            }
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    /// Refuses a product or a destination the service does not have, naming the ones it has.
    private static func check(product: String, destinations: [String]) throws {
        let products = InProcessOrderService.productIDs
        guard products.contains(product) else {
            throw PhotoSourceError(.invalidData, "There is no product \"\(product)\"; the products are \(products.joined(separator: ", ")).")
        }
        for id in destinations where !InProcessOrderService.destinationIDs.contains(id) {
            throw PhotoSourceError(
                .invalidData,
                "There is no destination \"\(id)\"; the destinations are \(InProcessOrderService.destinationIDs.joined(separator: ", ")) (`--to folder,lab`).")
        }
    }

    /// Refuses the order when a photo comes from a source the person is not signed in to.
    private func requireSignIns(for selection: [SelectedItem]) async throws {
        let sources = await browser.sources
        for (index, source) in sources.enumerated() {
            guard let signing = source as? any InteractiveSignIn, selection.contains(where: { $0.sourceID == source.id }) else { continue }
            guard await signing.authSession.state == .signedIn else {
                throw PhotoSourceError(
                    .invalidData,
                    "Photos in the selection come from \(source.title), which needs you to sign in; `use \(index + 1)`, `login`, then `order` again.")
            }
        }
    }
}
