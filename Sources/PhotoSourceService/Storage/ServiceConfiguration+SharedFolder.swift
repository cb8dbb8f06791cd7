import Foundation

extension ServiceConfiguration {
    /// The folder files other instances must reach go in: ``sharedDirectory`` when set, else the state folder.
    var sharedOrStateFolder: URL {
        URL(fileURLWithPath: sharedDirectory ?? stateDirectory, isDirectory: true)
    }
}
