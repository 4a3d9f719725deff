import Forked
import ForkedEditCore
import Foundation

/// Main as stored beside a file, changed by commands that run without an editor
/// (`forked-edit restore`).
public enum StoredMain {
    /// What ``restore(_:of:sparing:)`` changed besides main.
    public struct Restoration: Sendable, Equatable {
        /// Forks that were in step with main and now hold the restored text too.
        public var followed: [Fork]
        /// Forks left as they were: with edits of their own, open in a running editor, or
        /// spared. Each takes the restored text in at its next merge, its own edits kept.
        public var leftAsTheyWere: [Fork]
    }

    /// Makes `text` (with `"\n"` line breaks) main's newest version in `file`'s stored state,
    /// and the text last saved to the file, so an editor opening the file (or one open on it,
    /// or a sync exchange publishing main) starts from the restored text as a whole instead of
    /// merging it as a change to the file. Forks in step with main follow it; the others keep
    /// their own edits.
    ///
    /// - Parameters:
    ///   - spared: Forks never changed here, such as the server's version a sync exchange keeps.
    /// - Returns: `nil` when the file has no stored state (nothing but the file to restore).
    public static func restore(_ text: String, of file: URL, sparing spared: Set<Fork>) throws -> Restoration? {
        let layout = ForkedDirectoryLayout(file: file)
        try layout.verifyOwnership()
        guard FileManager.default.fileExists(atPath: layout.repository.path) else { return nil }
        return try FileLock.withLock(on: layout.openLock) {
            let resource = try ForkedResource(repository: try StoredForks.repository(layout))
            let state = try resource.repository.withState { $0 }
            let forks = try resource.currentForks().filter { $0 != .main }.sorted { $0.name < $1.name }
            let following = try forks.filter { fork in
                guard !spared.contains(fork), try resource.status(of: fork) == .inSync else { return false }
                // Typed and journaled, not yet stored: the fork has edits of its own.
                if let journal = try JournalContents.read(layout.journal(of: fork)), !journal.edits.isEmpty,
                   journal.baseVersion == state.version(of: fork) {
                    return false
                }
                return try !FileLock.isHeld(layout.ownershipLock(of: fork))
            }
            try resource.update(.main, with: TextDocument(text: text))
            for fork in following { _ = try resource.mergeFromMain(into: fork) }
            try AtomicFile.write(text.utf8, to: layout.savedText)
            return Restoration(followed: following, leftAsTheyWere: forks.filter { !following.contains($0) })
        }
    }
}
