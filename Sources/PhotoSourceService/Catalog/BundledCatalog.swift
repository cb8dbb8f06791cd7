import Foundation
public import PhotoSourceKit

/// The catalog a service uses when no remote one is configured: real partners whose published
/// URL APIs take a photo by URL.
public enum BundledCatalog {
    /// Photopea (https://www.photopea.com): its URL API opens the editor on the files listed in a
    /// JSON object after the `#`. The image URL goes in raw (`{{{imageURL}}}`): Photopea reads the
    /// JSON as written, and one-time image URLs hold only URL-safe characters. Photopea loads the
    /// image from the customer's browser, so the service must allow its origin for CORS; it cannot
    /// send the edited photo back to this service's return URL, so `canReceive` is false.
    static let document = #"""
        {"version": 1, "handlers": [
          {"id": "photopea",
           "name": "Photopea",
           "description": {"en": "Free online photo editor in the browser", "de": "Kostenloser Online-Fotoeditor im Browser"},
           "icons": {"1x": "https://www.photopea.com/promo/icon512.png", "2x": "https://www.photopea.com/promo/icon512.png"},
           "platforms": ["web"], "live": true, "canSend": true, "canReceive": false,
           "signup": {"url": "https://www.photopea.com/", "free": true},
           "actions": {"edit": {"url": "https://www.photopea.com#%7B%22files%22:%5B%22{{{imageURL}}}%22%5D%7D",
                                "required": ["imageURL"], "fallback": "https://www.photopea.com/"}}}
        ]}
        """#

    /// The bundled partners' catalog.
    public static var catalog: HandlerCatalog {
        // A test parses and lints this document, so a typo fails there, not at a customer's request.
        (try? HandlerCatalog.parse(Data(document.utf8))) ?? HandlerCatalog(handlers: [])
    }
}
