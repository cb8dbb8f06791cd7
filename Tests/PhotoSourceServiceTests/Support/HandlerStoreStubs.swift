import Foundation
import PhotoSourceKit
@testable import PhotoSourceService

/// The test stores that never remember handlers: nothing chosen, nothing used.
extension NoStore {
    func rememberChoice(_ choice: HandlerChoice, customerKey: String) async throws {}
    func choice(action: String, customerKey: String) async throws -> HandlerChoice? { nil }
    func markHandlerUsed(_ handlerID: String, customerKey: String, at: Date) async throws {}
    func usedHandlers(customerKey: String) async throws -> Set<String> { [] }
    func forgetChoices(customerKey: String) async throws {}
}

extension SessionSlideTests.FullStore {
    func rememberChoice(_ choice: HandlerChoice, customerKey: String) async throws { throw full }
    func choice(action: String, customerKey: String) async throws -> HandlerChoice? { nil }
    func markHandlerUsed(_ handlerID: String, customerKey: String, at: Date) async throws { throw full }
    func usedHandlers(customerKey: String) async throws -> Set<String> { [] }
    func forgetChoices(customerKey: String) async throws { throw full }
}
