import Forked
import ForkedMerge

/// A change made to the edited file by another program, brought in the way a fork's change
/// is: as a change on main, merged three-way with main's own changes since the file was last
/// saved or read, then merged from main into the forks being edited.
///
/// The same rule serves opening a file that changed since the editor last saw it and noticing a
/// change while the editor runs (on a timer, and always before a save), so a save never
/// replaces text the editor has not seen.
public enum OutsideChange {
    /// Brings the file's text `disk` into `resource`.
    ///
    /// - Parameters:
    ///   - disk: The file's text now, with `"\n"` line breaks.
    ///   - lastSeen: The file's text when the editor last read or saved it: the common ancestor.
    ///   - resource: The forked document.
    ///   - forks: The forks to bring main's new text into.
    public static func merge<Repository: Forked.Repository>(
        _ disk: String, lastSeen: String, into resource: ForkedResource<Repository>, forks: [Fork]
    ) throws where Repository.Resource == TextDocument {
        var main = try resource.resource(of: .main) ?? TextDocument(text: "")
        let merged: String
        if main.text == lastSeen || main.text == disk {
            merged = disk
        } else {
            merged = try TextMerger().merge(disk, withSubordinate: main.text, commonAncestor: lastSeen)
        }
        if merged != main.text {
            main.text = merged
            try resource.update(.main, with: main)
        }
        for fork in forks { try resource.mergeFromMain(into: fork) }
    }
}

/// How a file's state on disk is recognised cheaply between reads: its size, change time
/// and identity. A different stamp means the file may have changed; an equal one that it has not.
public struct FileStamp: Hashable, Sendable {
    /// The numbers that make up the stamp (size, modification time, inode, ...).
    public var parts: [Int64]

    /// Creates a stamp.
    public init(_ parts: [Int64]) {
        self.parts = parts
    }
}
