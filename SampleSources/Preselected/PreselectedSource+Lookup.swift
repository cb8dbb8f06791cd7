public import PhotoSourceKit

extension PreselectedSource {
    /// The scope `scopeID` names: a list has no albums, so only the top (`""`) exists.
    public func scope(id scopeID: String) throws -> ItemScope {
        guard scopeID.isEmpty else {
            throw PhotoSourceError(.notFound, "\(title) has no albums, so there is no \"\(scopeID)\"; list the top.")
        }
        return .root
    }

    /// The photo with id `itemID`, found by listing only the page its entry is on, so only its
    /// neighbours' headers are probed.
    ///
    /// - Throws: `.notFound` when the list has no such entry; `.accessDenied` for an entry listed
    ///   as not allowed; `.unsupportedFormat` for one listed as not a photo (``PhotoSourceKit/ItemProblem``),
    ///   so an order naming it is refused with the reason, as a local folder refuses `notes.jpg`.
    public func item(id itemID: String) async throws -> any PhotoSourceItem {
        let count = maximumPageSize
        guard let index = entries.firstIndex(where: { $0.id == itemID }),
              let item = try await items(in: .root, page: index / count, count: count).contentItems
                  .first(where: { $0.id == itemID })
        else {
            throw PhotoSourceError(.notFound, "\(title) has no photo \"\(itemID)\"; list the source to see its ids.")
        }
        if let problem = item.problem {
            if catalog.refusals[itemID] != nil { _ = try catalog.entry(for: item) }  // throws `.accessDenied`
            throw ItemProblem.notAPhotoError(entries.first { $0.id == itemID }?.title ?? itemID, problem: problem)
        }
        return item
    }
}
