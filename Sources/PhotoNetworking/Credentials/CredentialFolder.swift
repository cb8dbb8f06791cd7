public import Foundation
public import PhotoSourceKit

/// Where photosource keeps signed-in sessions by default.
public enum CredentialFolder {
    /// `$XDG_CONFIG_HOME/photosource/credentials`, or `~/.config/photosource/credentials` when
    /// `XDG_CONFIG_HOME` is unset or not an absolute path.
    public static func defaultURL() -> URL {
        defaultURL(environment: ProcessInfo.processInfo.environment)
    }

    /// ``defaultURL()`` computed from `environment` instead of the process environment.
    public static func defaultURL(environment: [String: String]) -> URL {
        let config: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            config = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            config = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config")
        } else {
            config = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        }
        return config.appendingPathComponent("photosource").appendingPathComponent("credentials")
    }

    /// The encrypted store in ``defaultURL()`` (key from `PHOTOSOURCE_KEY` or the folder's key file).
    public static func makeDefaultStore() throws -> FileCredentialStore {
        try FileCredentialStore.encrypted(in: defaultURL())
    }
}
