/// Where a listing is: the chain of containers opened from the root, outermost first.
///
/// The root scope has an empty path. Scopes are values, so a front end can keep a stack of them
/// and a back item can carry the scope it returns to.
public struct ItemScope: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One opened container.
    public struct Step: Sendable, Hashable, Codable {
        /// The container's item id.
        public var id: String
        /// The container's title, for prompts and breadcrumbs.
        public var title: String

        /// Creates a step.
        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// The opened containers, outermost first; empty at the root.
    public var path: [Step]

    /// Creates a scope from its path.
    public init(path: [Step] = []) {
        self.path = path
    }

    /// The root scope.
    public static let root = ItemScope()

    /// Whether this is the root scope.
    public var isRoot: Bool { path.isEmpty }
    /// The id of the container being listed, `nil` at the root.
    public var containerID: String? { path.last?.id }
    /// The scope one level up (the root's parent is the root).
    public var parent: ItemScope { ItemScope(path: Array(path.dropLast())) }
    /// How many containers deep this scope is.
    public var depth: Int { path.count }

    /// This scope with one more container opened.
    public func appending(id: String, title: String) -> ItemScope {
        ItemScope(path: path + [Step(id: id, title: title)])
    }

    /// `"/Travel/Italy"`; `"/"` at the root.
    public var description: String {
        "/" + path.map(\.title).joined(separator: "/")
    }
}
