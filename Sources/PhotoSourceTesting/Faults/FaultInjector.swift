public import PhotoSourceKit
import Synchronization

/// A script of faults shared by the wrappers that consult it: the one object a test keeps to
/// make a source's listing or downloads fail on cue.
///
/// Each scripted fault waits for a matching call (`skip` matching calls first), hits `times`
/// calls, and is then used up; calls that match nothing go through untouched.
///
/// ```swift
/// let faults = FaultInjector()
/// faults.failListing(.status401, page: 2)            // 401 in the middle of paging
/// faults.failDownload(.serverError)                   // 500, then success
/// faults.failDownload(.truncate(fraction: 0.5), variant: .full)
/// ```
public final class FaultInjector: Sendable {
    /// Which calls a scripted fault applies to.
    struct Rule: Sendable {
        enum Target: Sendable { case listing(page: Int?), download(variant: ImageVariant?, itemID: String?) }
        let fault: Fault
        let target: Target
        var skip: Int
        var remaining: Int
    }

    /// What happened so far.
    struct State: Sendable {
        var rules: [Rule] = []
        var listingCalls = 0
        var downloadCalls = 0
        var injected: [Fault] = []
    }

    private let state = Mutex(State())

    /// Creates an injector with an empty script.
    public init() {}

    /// Scripts `fault` for listing calls: only page `page` when given (wrappers that cannot
    /// tell the page, such as `.complete` and `.cursor` listings, match only rules without one),
    /// after letting `skip` matching calls through, for `times` calls.
    public func failListing(_ fault: Fault, page: Int? = nil, skip: Int = 0, times: Int = 1) {
        add(Rule(fault: fault, target: .listing(page: page), skip: max(0, skip), remaining: max(1, times)))
    }

    /// Scripts `fault` for downloads: only `variant` and item `itemID` when given,
    /// after letting `skip` matching calls through, for `times` calls.
    public func failDownload(
        _ fault: Fault, variant: ImageVariant? = nil, itemID: String? = nil, skip: Int = 0, times: Int = 1
    ) {
        add(Rule(fault: fault, target: .download(variant: variant, itemID: itemID), skip: max(0, skip), remaining: max(1, times)))
    }

    /// Forgets every scripted fault that has not happened yet.
    public func removeAll() {
        state.withLock { $0.rules.removeAll() }
    }

    /// How many listing calls went through the wrappers, faulty or not.
    public var listingCalls: Int { state.withLock { $0.listingCalls } }
    /// How many download calls went through the wrappers, faulty or not.
    public var downloadCalls: Int { state.withLock { $0.downloadCalls } }
    /// The faults that happened, in order.
    public var injectedFaults: [Fault] { state.withLock { $0.injected } }
    /// How many scripted faults are still waiting for their call.
    public var pendingCount: Int { state.withLock { $0.rules.count } }

    /// Clears the script, lets `script` add faults, runs `body`, and clears the script again.
    /// Returns `body`'s outcome, or `nil` when none of the scripted faults happened.
    func outcome<T>(scripting script: (FaultInjector) -> Void, _ body: () async throws -> T) async -> Result<T, any Error>? {
        removeAll()
        let before = injectedFaults.count
        script(self)
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body())
        } catch {
            outcome = .failure(error)
        }
        removeAll()
        return injectedFaults.count > before ? outcome : nil
    }

    private func add(_ rule: Rule) {
        state.withLock { $0.rules.append(rule) }
    }

    /// Counts a listing call of `page` (when known) and returns the fault to apply, if any.
    func nextListingFault(page: Int?) -> Fault? {
        next { state in
            state.listingCalls += 1
        } matching: { target in
            guard case .listing(let wanted) = target else { return false }
            return wanted == nil || wanted == page
        }
    }

    /// Counts a download call and returns the fault to apply, if any.
    func nextDownloadFault(itemID: String, variant: ImageVariant) -> Fault? {
        next { state in
            state.downloadCalls += 1
        } matching: { target in
            guard case .download(let wantedVariant, let wantedID) = target else { return false }
            return (wantedVariant == nil || wantedVariant == variant) && (wantedID == nil || wantedID == itemID)
        }
    }

    private func next(count: (inout State) -> Void, matching: (Rule.Target) -> Bool) -> Fault? {
        state.withLock { state in
            count(&state)
            guard let index = state.rules.firstIndex(where: { matching($0.target) }) else { return nil }
            if state.rules[index].skip > 0 {
                state.rules[index].skip -= 1
                return nil
            }
            let fault = state.rules[index].fault
            state.rules[index].remaining -= 1
            if state.rules[index].remaining == 0 { state.rules.remove(at: index) }
            state.injected.append(fault)
            return fault
        }
    }
}
