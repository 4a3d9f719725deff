/// Merges a value as a register: the side that changed it wins, and when both sides changed
/// it the dominant (most recent) side wins.
///
/// Use it for values whose parts must not be mixed, such as a selected colour or a title
/// that should read as someone typed it.
///
/// ```swift
/// try MostRecentWinsMerger<String>().merge("red", withSubordinate: "blue", commonAncestor: "green") // "red"
/// try MostRecentWinsMerger<String>().merge("green", withSubordinate: "blue", commonAncestor: "green") // "blue"
/// ```
public struct MostRecentWinsMerger<T: Equatable & Sendable>: Merger {
    /// Creates a most-recent-wins merger.
    public init() {}

    /// Returns `subordinate` when only it changed, otherwise `dominant`.
    public func merge(_ dominant: T, withSubordinate subordinate: T, commonAncestor: T) throws -> T {
        dominant == commonAncestor ? subordinate : dominant
    }
}
