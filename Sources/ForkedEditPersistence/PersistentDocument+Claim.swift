import Forked

extension PersistentDocument {
    /// Holds `fork` for this process for as long as the document is open, as its own forks are
    /// held: another editor cannot claim it, and `forked-edit forks` shows it open and will not
    /// remove it. For a fork this process writes by another path, such as the server's version a
    /// sync exchange keeps in the repository. Does nothing for a document not stored yet.
    ///
    /// - Throws: ``PersistenceError/forkInUse(fork:file:)`` when another process holds it.
    public func claim(_ fork: Fork) throws {
        guard isStored else { return }
        guard let lock = try FileLock.acquireIfFree(layout.ownershipLock(of: fork), waitingAtMost: Self.ownershipPatience) else {
            throw PersistenceError.forkInUse(fork: fork.name, file: layout.file.path)
        }
        ownership.append(lock)
    }
}
