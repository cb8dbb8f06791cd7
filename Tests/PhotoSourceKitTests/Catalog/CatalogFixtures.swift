import Foundation

/// Catalog documents for the catalog suites, made by code.
enum CatalogFixtures {
    /// A valid two-handler catalog (the second localized, with a signup page).
    static let good = #"""
        {"version": 1, "handlers": [
          {"id": "demo-editor", "name": "Demo editor", "icons": {"1x": "https://e.example/i.png", "2x": "https://e.example/i@2x.png"},
           "platforms": ["web"], "canReceive": true,
           "actions": {"edit": {"url": "https://e.example/edit?img={{imageURL}}&back={{returnURL}}",
                                "required": ["imageURL"], "optional": ["returnURL"], "fallback": "https://e.example/"}}},
          {"id": "collage.maker", "name": {"en": "Collage maker", "de-CH": "Collage-Macher"},
           "description": "Many photos, one poster",
           "icons": {"1x": "https://c.example/i.png", "2x": "https://c.example/i@2x.png"},
           "platforms": ["web", "ios"], "signup": {"url": "https://c.example/join", "free": true},
           "actions": {"collage": {"url": "https://c.example/new#src={{imageURL}}", "required": ["imageURL"]}}}
        ]}
        """#

    /// One handler object as JSON, for catalogs built in a test.
    static func handler(_ id: String, actions: String = #"{"edit": {"url": "https://e.example/?i={{imageURL}}", "required": ["imageURL"]}}"#,
                        name: String = #""H""#, extra: String = "") -> String {
        #"{"id": "\#(id)", "name": \#(name), "icons": {"1x": "https://e.example/1.png", "2x": "https://e.example/2.png"}, "actions": \#(actions)\#(extra)}"#
    }

    /// A catalog of the given handler objects.
    static func catalog(_ handlers: String...) -> Data {
        Data(#"{"version": 1, "handlers": [\#(handlers.joined(separator: ","))]}"#.utf8)
    }
}
