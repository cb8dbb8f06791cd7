/// The version `photosource --version` prints; raised with each release of the package.
enum PhotosourceVersion {
    /// Semantic version of the package and its CLI.
    static let current = "0.1.0"
}
