import Foundation
import PhotoSourceKit
import SampleSources
import ServiceLifecycle

/// The demo editor (`SampleSources/DemoEditor`) beside a service without `--config`: started
/// on loopback before the service listens, offered in the catalog as `demo.editor`, and stopped
/// after the service has drained (``ServiceArguments/startsDemoEditor``).
struct DemoEditorService: Service {
    let editor: DemoEditor

    /// `configuration` with the running editor's entry among `catalog.handlers` (replacing one
    /// with its id), in development so its http: URLs and loopback icons are accepted.
    static func configuration(_ configuration: ServiceConfiguration, offering editor: DemoEditor) -> ServiceConfiguration {
        guard let entry = editor.catalogHandler else { return configuration }
        var configuration = configuration
        configuration.catalog.handlers.removeAll { $0.id == entry.id }
        configuration.catalog.handlers.append(entry)
        configuration.catalog.development = true
        return configuration
    }

    func run() async throws {
        try? await gracefulShutdown()
        await editor.stop()
    }
}
