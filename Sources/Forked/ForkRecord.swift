/// What a resource stores for one fork other than main: only what differs from main.
///
/// - `ancestor == nil, head == nil`: in sync; the fork's value is main's.
/// - `ancestor != nil, head == nil`: behind; the fork's value is its ancestor.
/// - `ancestor == nil, head != nil`: ahead; its ancestor is main's current commit.
/// - `ancestor != nil, head != nil`: diverged.
public struct ForkRecord<Resource: Sendable>: Sendable {
    /// The commit the fork last shared with main, when main has moved past it.
    public internal(set) var ancestor: Commit<Resource>?
    /// The fork's own latest commit, when it has changes main does not have.
    public internal(set) var head: Commit<Resource>?
    /// How many changes the fork made since it last merged into main.
    public internal(set) var edits: Int

    /// Creates the record of a fork that is in sync with main.
    public init() {
        self.init(ancestor: nil, head: nil, edits: 0)
    }

    /// Creates a record from its stored parts.
    public init(ancestor: Commit<Resource>?, head: Commit<Resource>?, edits: Int) {
        self.ancestor = ancestor
        self.head = head
        self.edits = edits
    }

    /// How many copies of the value this record holds.
    public var storedCopyCount: Int { (ancestor == nil ? 0 : 1) + (head == nil ? 0 : 1) }

    /// The fork's standing relative to main.
    public var status: ForkStatus {
        switch (ancestor, head) {
        case (nil, nil): .inSync
        case (_?, nil): .behind
        case (nil, _?): .ahead(edits: edits)
        case (_?, _?): .diverged(edits: edits)
        }
    }
}

extension ForkRecord: Equatable where Resource: Equatable {}
extension ForkRecord: Codable where Resource: Codable {}
