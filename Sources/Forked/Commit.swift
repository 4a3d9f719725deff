/// One stored copy of a resource's value.
public struct Commit<Resource: Sendable>: Sendable {
    /// Identifies this commit within its resource.
    public let version: Version
    /// The logical time of the most recent change this commit contains. For an edit it is the
    /// commit's own version; a merge inherits the later of its two sides, so merging never makes
    /// a value look more recent than the edits in it.
    public let changeTime: Version
    /// The value, or `nil` when the content was removed with ``ForkedResource/removeContent(from:)``.
    public let content: Resource?

    /// Creates a commit.
    public init(version: Version, changeTime: Version, content: Resource?) {
        self.version = version
        self.changeTime = changeTime
        self.content = content
    }
}

extension Commit: Equatable where Resource: Equatable {}
extension Commit: Codable where Resource: Codable {}
