import Foundation
import Hummingbird
import PhotoSourceKit

extension ServiceDependencies {
    /// Admits only the shop's API key, for operations no customer may run: 403 for a live
    /// customer session (it is known, but not allowed), 401 for anything else.
    func requireShop(_ request: Request) async throws {
        guard (try? requireAPIKey(request)) == nil else { return }
        if (try? await requireSession(request)) != nil {
            throw Problem(status: .forbidden, code: .accessDenied, detail: "This call is the shop's: it needs the API key, not a customer session.")
        }
        try requireAPIKey(request)
    }
}
