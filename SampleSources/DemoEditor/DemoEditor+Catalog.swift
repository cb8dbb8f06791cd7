public import Foundation
public import PhotoSourceKit

extension DemoEditor {
    /// The editor's entry for a handler catalog: id `demo.editor`, name "Demo editor", the
    /// `edit` action `<baseURL>/edit?image={{imageURL}}&return={{returnURL}}` (`imageURL`
    /// required, `returnURL` optional), able to send the photo back, on the web, with the icons
    /// the editor serves itself.
    public static func catalogHandler(baseURL: URL) -> CatalogHandler {
        let base = baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return CatalogHandler(
            id: handlerID, name: LocalizedText("Demo editor"),
            description: LocalizedText("Mirrors the photo left to right and sends it back (runs on this machine)."),
            icons: .init(x1: base + "/icon.png", x2: base + "/icon@2x.png"),
            platforms: ["web"], live: true, canSend: true, canReceive: true,
            actions: ["edit": HandlerAction(
                url: base + "/edit?image={{imageURL}}&return={{returnURL}}", required: ["imageURL"], optional: ["returnURL"])])
    }
}
