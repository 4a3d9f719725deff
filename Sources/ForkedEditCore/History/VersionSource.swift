import Foundation

/// One recorded version of a fork, as the history view lists it.
public struct VersionSummary: Sendable, Equatable {
    /// The version's full id.
    public var id: String
    /// A short, unique-enough prefix of the id to show.
    public var shortID: String
    /// When it was recorded.
    public var time: Date
    /// Which fork or device made it.
    public var origin: String
    /// Characters it inserted against the version before it.
    public var inserted: Int
    /// Characters it deleted.
    public var deleted: Int

    /// Creates a summary.
    public init(id: String, shortID: String, time: Date, origin: String, inserted: Int, deleted: Int) {
        self.id = id
        self.shortID = shortID
        self.time = time
        self.origin = origin
        self.inserted = inserted
        self.deleted = deleted
    }
}

/// A version's text and what it changed against the version before it: the text as kept and
/// inserted, with the deleted text in place, each run marked, for the view to colour.
public struct VersionText: Sendable, Equatable {
    /// The version's text.
    public var text: String
    /// The change against the version before it, as the lower view shows it.
    public var changes: [OriginRun]

    /// Creates a version's text.
    public init(text: String, changes: [OriginRun]) {
        self.text = text
        self.changes = changes
    }
}

/// Where the history view reads versions from. The core has no storage of its own: the
/// program wires this to the file's history (ForkedHistory), tests to a list in memory.
public protocol VersionSource: AnyObject {
    /// The versions `fork` went through, newest first.
    func versions(of fork: String) throws -> [VersionSummary]
    /// The text of version `id` and what it changed.
    func text(ofVersion id: String) throws -> VersionText
}
