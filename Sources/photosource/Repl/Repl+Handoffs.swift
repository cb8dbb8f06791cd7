import Foundation
import PhotoNetworking
import PhotoSourceKit

extension Repl {
    /// `handlers [--action A]`: the in-process service's handler catalog (`GET /v1/catalog`),
    /// numbered, with each handler's id and actions; with an action, this session's default
    /// marked `*` and first, and "ask again" when a handler appeared after it was chosen.
    func listHandlers(action: String?) async throws {
        let service = try await orders.service(sources: browser.sources)
        let offer = try await service.client.handlers(action: action)
        guard !offer.available.isEmpty else {
            output.line(TerminalText.escaped("No handler is offered\(action.map { " for \($0)" } ?? "") on the web."))
            return
        }
        output.lines(HandlerListing(offer: offer).lines(style: style))
    }

    /// `send N [--to ID] [--action A] [--open]`: without a handler (given, or a remembered default
    /// that still applies) lists the handlers for the item; with one, remembers a given choice
    /// (`PUT /v1/catalog/defaults/{action}`), starts the hand-off (`POST /v1/handoffs`) and prints
    /// the launch URL; `--open` then fetches it as a browser would (loopback only).
    func send(_ item: any PhotoSourceItem, number: Int, options: SendOptions) async throws {
        guard item.kind == .image else {
            throw PhotoSourceError(.invalidData, TerminalText.escaped("\(item.title) is an album; only photos can be sent (`open \(number)` lists its photos)."))
        }
        let action = options.resolvedAction
        let sourceTitle = await browser.source.title
        let service = try await orders.service(sources: browser.sources)
        guard let source = service.sources.serviceIDs[await browser.source.id] else {
            throw PhotoSourceError(.invalidData, TerminalText.escaped("Photos of \(sourceTitle) cannot be sent: the service cannot look them up."))
        }
        let offer = try await service.client.handlers(action: action)
        guard !offer.available.isEmpty else {
            throw PhotoSourceError(.notFound, TerminalText.escaped("No handler is offered for \(action) on the web; `handlers` lists every handler and its actions."))
        }
        let chosen: OrderAPIClient.HandlerOffer.Handler
        if let wanted = options.handler {
            guard let found = offer.available.first(where: { $0.id == wanted }) else {
                throw PhotoSourceError(.notFound, TerminalText.escaped(
                    "There is no handler \"\(wanted)\" for \(action); the handlers are \(offer.available.map(\.id).joined(separator: ", ")) (`handlers --action \(action)`)."))
            }
            try await service.client.rememberDefault(handler: found.id, action: action)
            chosen = found
        } else if let remembered = offer.applyingDefault {
            chosen = remembered
        } else {
            output.line(TerminalText.escaped("Send \(item.title) to which handler (\(action))?"))
            output.lines(HandlerListing(offer: offer).lines(style: style))
            output.line(TerminalText.escaped("`send \(number) --to ID` sends it and remembers the choice for \(action)."))
            return
        }
        let launch = try await service.client.handoff(source: source, itemID: item.id, handler: chosen.id, action: action)
        let remembered = options.handler == nil ? "your default for \(action)" : "remembered for \(action)"
        output.line(TerminalText.escaped("Sent \(item.title) to \(chosen.name) (\(chosen.id), \(remembered)); the link works once, until \(launch.expiresAt):"))
        output.line(TerminalText.escaped(launch.launchURL))
        if options.opens { try await open(launch, handler: chosen, client: service.client) }
    }

    /// Fetches the launch URL as the person's browser would, then says what the handler answered
    /// and, for a handler that sends photos back, which photo came back into "Received" (the one
    /// not there before: two returns within a second may list in either order).
    private func open(_ launch: OrderAPIClient.Launch, handler: OrderAPIClient.HandlerOffer.Handler, client: OrderAPIClient) async throws {
        let before = handler.canReceive ? Set(try await client.received().map(\.id)) : []
        let answer = try await LaunchPage.fetch(launch.launchURL)
        output.line(TerminalText.escaped("\(handler.name) answered \(answer.status): \(answer.sentence)"))
        guard answer.status < 300, handler.canReceive else { return }
        let received = try await client.received()
        guard let back = received.first(where: { !before.contains($0.id) }) else {
            throw PhotoSourceError(.notFound, TerminalText.escaped("Nothing came back into “Received”; \(handler.name) did not send the photo back."))
        }
        output.line(TerminalText.escaped(
            "“Received” now holds \(received.count) photo(s); the one back is \(back.title), item \(back.id) (orderable as source \"received\")."))
    }
}
