import Foundation
import Testing
@testable import PhotoNetworking

@Suite("Credential folder")
struct CredentialFolderTests {
    @Test("XDG_CONFIG_HOME wins when absolute; otherwise ~/.config", arguments: [
        (["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"], "/xdg/photosource/credentials"),
        (["XDG_CONFIG_HOME": "relative/path", "HOME": "/home/u"], "/home/u/.config/photosource/credentials"),
        (["HOME": "/home/u"], "/home/u/.config/photosource/credentials"),
    ])
    func defaultURL(_ environment: [String: String], _ expected: String) {
        #expect(CredentialFolder.defaultURL(environment: environment).path == expected)
    }
}
