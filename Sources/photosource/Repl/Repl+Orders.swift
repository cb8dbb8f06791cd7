import Foundation
import PhotoSourceKit
import PhotoSourceService

extension Repl {
    /// `order [--product ID] [--to DEST] [--yes]`: the selection becomes an order of the
    /// in-process service (started on first use), which the REPL follows with a progress bar
    /// until it has ended (and the demo lab has shipped it), then summarises. Ctrl-C stops the
    /// following only. When a photo would print `low` as the product, the fitness table comes
    /// first and the person is asked (a piped script is refused unless `--yes`). A placed order
    /// empties the selection, so `order` again does not order the same photos twice.
    func placeOrder(_ options: OrderOptions) async throws {
        let selection = await browser.selection
        guard !selection.isEmpty else {
            throw PhotoSourceError(.invalidData, "Nothing is selected to order; `select N` adds photos of the listed page, then type `order`.")
        }
        let product = try Self.check(product: options.product ?? InProcessOrderService.defaultProduct, destinations: options.destinations)
        try await requireSignIns(for: selection)
        guard try await acceptsFitness(of: selection, as: product, yes: options.yes) else {
            output.line("Not ordered; the selection is kept.")
            return
        }
        let service = try await orders.service(sources: browser.sources)
        let lines = try selection.map { entry in
            guard let source = service.sources.serviceIDs[entry.sourceID] else {
                throw PhotoSourceError(.invalidData, "Photos of \(entry.sourceTitle) cannot be ordered: the order service cannot look them up; unselect them first.")
            }
            return OrderAPIClient.NewOrder.Line(
                source: source, itemId: entry.item.id, copies: options.copies ?? 1, crop: options.crop, sizing: options.sizing)
        }
        let recipient = try options.shipTo.map(Self.recipient(from:))
        let reference = await orders.nextReference
        let id = try await service.client.place(
            .init(
                reference: reference, product: product.id, items: lines, destinations: options.destinations.isEmpty ? nil : options.destinations,
                recipient: recipient),
            idempotencyKey: UUID().uuidString)
        let number = await orders.record(.init(id: id, reference: reference, titles: selection.map(\.item.title)))
        await browser.clearSelection()
        let destinations = options.destinations.isEmpty ? InProcessOrderService.destinationIDs : options.destinations
        output.line(TerminalText.escaped(
            "Order \(number) (\(id)): \(lines.count) photo(s) as \(product.id) to \(destinations.joined(separator: ", ")). "
                + "Ctrl-C stops following it; the order goes on."))
        output.line("The selection is empty again; `select N` starts the next order.")
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

    /// `order-status N|ID`: order N of `orders` (or the order of this session with that id) in
    /// detail, with each lab's tracking once it has shipped.
    func showOrder(_ choice: ReplCommand.OrderChoice) async throws {
        let placed = await orders.placed
        let index: Int? = switch choice {
        case .number(let number): placed.indices.contains(number - 1) ? number - 1 : nil
        case .id(let id): placed.firstIndex { $0.id == id }
        }
        guard let service = await orders.running, let index else {
            let named = switch choice {
            case .number(let number): "\(number)"
            case .id(let id): id
            }
            throw PhotoSourceError(.notFound, TerminalText.escaped(placed.isEmpty
                ? "There are no orders yet; `select N` some photos, then type `order`."
                : "There is no order \(named); `orders` lists the \(placed.count) of this session."))
        }
        let order = placed[index]
        let snapshot = try await service.client.order(order.id)
        output.lines(OrderReport(number: index + 1, order: snapshot, titles: order.titles, folder: { service.folder(of: order.id, destination: $0) })
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
                // The window's width now: a person may narrow it while the order is followed.
                let line = OrderProgressLine.line(number: number, order: order, columns: terminal.size().columns)
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

    /// Whether to go on with `selection` as `product`: yes when no photo would print `low`, or
    /// `yes` says so; else the fitness table is shown and the person asked. With no one to ask
    /// (a piped script) the order is refused, naming `--yes`.
    private func acceptsFitness(of selection: [SelectedItem], as product: Product, yes: Bool) async throws -> Bool {
        let table = OrderFitnessTable(items: selection.map(\.item), product: product)
        guard table.lowCount > 0, !yes else { return true }
        output.lines(table.lines(style: style))
        let low = "\(table.lowCount) of \(table.rows.count) photo(s) would print at low resolution as \(product.id)"
        guard let confirmer else {
            throw PhotoSourceError(
                .invalidData, TerminalText.escaped("\(low); nothing was ordered. Add --yes to order them anyway, or `unselect` them."))
        }
        output.line(TerminalText.escaped("\(low) (`order -y` would not ask)."))
        return await confirmer.confirm("Order anyway? [y/N] ")
    }

    /// The recipient in the JSON file at `path` (`order --ship-to FILE.json`); the service checks its fields.
    static func recipient(from path: String) throws -> OrderRecipient {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: (path as NSString).expandingTildeInPath))
        } catch {
            throw PhotoSourceError(.notFound, "Cannot read the recipient file \(path); --ship-to takes a JSON file such as {\"name\": …, \"address\": {…}}.")
        }
        do {
            return try JSONDecoder().decode(OrderRecipient.self, from: data)
        } catch {
            throw PhotoSourceError(
                .invalidData,
                "\(path) is not a recipient: it needs {\"name\", \"address\": {\"line1\", \"postalOrZipCode\", \"countryCode\", \"townOrCity\"}}, with email and phone optional.")
        }
    }

    /// The product with id `product`; refuses a product or a destination the service does not
    /// have, naming the ones it has.
    private static func check(product: String, destinations: [String]) throws -> Product {
        let found = try Self.product(named: product, in: InProcessOrderService.products)
        for id in destinations where !InProcessOrderService.destinationIDs.contains(id) {
            throw PhotoSourceError(
                .invalidData,
                "There is no destination \"\(id)\"; the destinations are \(InProcessOrderService.destinationIDs.joined(separator: ", ")) (`--to folder,lab`).")
        }
        return found
    }

    /// The product with id `id` of `products`; refuses one it does not hold, naming those it does.
    static func product(named id: String, in products: [Product]) throws -> Product {
        guard let found = products.first(where: { $0.id == id }) else {
            throw PhotoSourceError(.invalidData, "There is no product \"\(id)\"; the products are \(products.map(\.id).joined(separator: ", ")).")
        }
        return found
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
