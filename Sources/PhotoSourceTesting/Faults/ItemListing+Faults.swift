public import PhotoSourceKit

extension ItemListing {
    /// This listing, failing as `injector` scripts before each call reaches it.
    ///
    /// Build the source under test with it to see how the source's own bookkeeping reacts
    /// to a failed page. `.pages` listings tell the injector the page number; `.complete` and
    /// `.cursor` listings cannot, so only faults scripted without a page apply to them.
    public func injectingFaults(from injector: FaultInjector) -> ItemListing {
        switch self {
        case .complete(let all):
            .complete { scope in
                try await injector.nextListingFault(page: nil)?.interruptListing("Listing \(scope)")
                return try await all(scope)
            }
        case .pages(let fetch):
            .pages { scope, page, count in
                try await injector.nextListingFault(page: page)?.interruptListing("Listing page \(page + 1) of \(scope)")
                return try await fetch(scope, page, count)
            }
        case .cursor(let fetch):
            .cursor { scope, cursor, limit in
                try await injector.nextListingFault(page: nil)?.interruptListing("Listing \(scope)")
                return try await fetch(scope, cursor, limit)
            }
        }
    }
}
