import Forked
import ForkedEditCore
import Foundation

/// The forks kept beside a file: what `forked-edit forks FILE` lists and removes.
public enum StoredForks {
    /// One fork of a file, as stored.
    public struct Entry: Sendable, Equatable {
        /// The fork.
        public var fork: Fork
        /// How the fork stands against main in the repository (journaled edits not counted).
        public var status: ForkStatus
        /// Edits in the fork's journal, typed since its last snapshot.
        public var journaledEdits: Int

        /// How the fork stands against main, its journaled edits counted.
        public var standing: ForkStatus {
            guard journaledEdits > 0 else { return status }
            switch status {
            case .inSync: return .ahead(edits: journaledEdits)
            case .behind: return .diverged(edits: journaledEdits)
            case .ahead(let edits): return .ahead(edits: edits + journaledEdits)
            case .diverged(let edits): return .diverged(edits: edits + journaledEdits)
            }
        }
        /// Whether a running editor holds the fork now.
        public var isHeld: Bool
        /// The fork's text length in characters, with its journaled edits applied.
        public var characters: Int
    }

    /// Every fork of `file` but main, in name order.
    ///
    /// - Throws: ``PersistenceError/noState(file:)`` when the file has no stored state; the
    ///   errors of reading the state otherwise.
    public static func list(of file: URL) throws -> [Entry] {
        let layout = ForkedDirectoryLayout(file: file)
        try layout.verifyOwnership()
        guard FileManager.default.fileExists(atPath: layout.repository.path) else {
            throw PersistenceError.noState(file: file.path)
        }
        return try FileLock.withLock(on: layout.openLock) {
            let state = try repository(layout).withState { $0 }
            let resource = try ForkedResource(repository: InMemoryRepository(state: state))
            return try resource.currentForks().filter { $0 != .main }.sorted { $0.name < $1.name }.map { fork in
                let journal = try JournalContents.read(layout.journal(of: fork))
                let current = journal.flatMap { $0.baseVersion == state.version(of: fork) ? $0 : nil }
                let stored = try resource.value(in: fork) ?? TextDocument(text: "")
                let text = try current.map { try $0.applied(to: stored).text } ?? stored.text
                return Entry(
                    fork: fork, status: try resource.status(of: fork), journaledEdits: current?.edits.count ?? 0,
                    isHeld: try FileLock.isHeld(layout.ownershipLock(of: fork)), characters: text.count
                )
            }
        }
    }

    /// Removes `fork` of `file`: its value, its journal and its lock. Main and the file itself
    /// are untouched; edits the fork had not merged are gone.
    ///
    /// - Throws: ``PersistenceError/forkInUse(fork:file:)`` while an editor holds the fork,
    ///   ``PersistenceError/noState(file:)`` without stored state, ``ForkedError/unknownFork(_:)``.
    public static func remove(_ fork: Fork, of file: URL) throws {
        let layout = ForkedDirectoryLayout(file: file)
        try layout.verifyOwnership()
        guard FileManager.default.fileExists(atPath: layout.repository.path) else {
            throw PersistenceError.noState(file: file.path)
        }
        try FileLock.withLock(on: layout.openLock) {
            // Held while removing, so no editor can claim the fork half-way.
            guard let ownership = try FileLock.acquireIfFree(
                layout.ownershipLock(of: fork), waitingAtMost: PersistentDocument.ownershipPatience
            ) else {
                throw PersistenceError.forkInUse(fork: fork.name, file: file.path)
            }
            let resource = try ForkedResource(repository: try repository(layout))
            try resource.delete(fork)
            try? FileManager.default.removeItem(at: layout.journal(of: fork))
            try? FileManager.default.removeItem(at: layout.ownershipLock(of: fork))
            withExtendedLifetime(ownership) {}
        }
    }

    /// The stored repository of `layout`; a damaged one is ``PersistenceError/corruptState(directory:reason:)``.
    static func repository(_ layout: ForkedDirectoryLayout) throws -> FileRepository<TextDocument> {
        do {
            return try FileRepository(directory: layout.repository)
        } catch let ForkedError.corruptRepository(path, reason) {
            throw PersistenceError.corruptState(directory: layout.directory.path, reason: "\(path): \(reason)")
        }
    }
}
