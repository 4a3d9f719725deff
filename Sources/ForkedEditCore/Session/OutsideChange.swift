import Forked
import Foundation

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
        let main = try resource.resource(of: .main) ?? TextDocument(text: "")
        if main.text != disk {
            // Through a fork of its own, not by writing over main: whatever else merges into main
            // meanwhile (another process, a sync exchange) is kept, as any fork's merge keeps it.
            let fork = Fork(name: "file-on-disk-\(UUID().uuidString.prefix(8).lowercased())")
            try resource.create(fork)
            defer { try? resource.delete(fork) }
            var ancestor = main
            ancestor.text = lastSeen
            try resource.restart(fork, with: ancestor)
            var changed = main
            changed.text = disk
            try resource.update(fork, with: changed)
            try resource.mergeIntoMain(from: fork)
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
