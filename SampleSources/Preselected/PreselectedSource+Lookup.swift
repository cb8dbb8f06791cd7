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
    public func item(id itemID: String) async throws -> any PhotoSourceItem {
        let count = maximumPageSize
        guard let index = entries.firstIndex(where: { $0.id == itemID }),
              let item = try await items(in: .root, page: index / count, count: count).contentItems
                  .first(where: { $0.id == itemID })
        else {
            throw PhotoSourceError(.notFound, "\(title) has no photo \"\(itemID)\"; list the source to see its ids.")
        }
        return item
    }
}
