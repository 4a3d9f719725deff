/// What a commit holds: `.none` when the content was removed, otherwise `.resource(value)`.
///
/// The original Forked has an enum of its own for this; here it is `Optional`, so the two
/// spellings mix freely: `.none` is `nil`, `.resource(value)` is `.some(value)`, and
/// ``Swift/Optional/resource`` reads the value back.
///
/// ```swift
/// let content: CommitContent<Int> = .resource(3)
/// content.resource // 3
/// content == .none // false
/// ```
public typealias CommitContent<Resource> = Optional<Resource>

extension Optional {
    /// Content holding `value`: the original Forked's `CommitContent.resource(_:)`.
    public static func resource(_ value: Wrapped) -> Self { .some(value) }

    /// The value, or `nil` when there is no content: the original Forked's `CommitContent.resource`.
    public var resource: Wrapped? { self }
}

extension Commit {
    /// Creates a commit the way the original Forked does, from its content and version. Its
    /// change time is its version: it stands for a change made when it was made.
    public init(content: CommitContent<Resource>, version: Version) {
        self.init(version: version, changeTime: version, content: content)
    }
}
