/// Learns about every change an ``EditorSession`` makes to its forks, so state can be kept
/// elsewhere (a journal on disk, a shared repository) while the session itself does no I/O.
///
/// Calls arrive on the thread that drives the session, in the order the changes happen.
public protocol EditorSessionObserver: AnyObject {
    /// The session stored `edit` in its resource. Throws when the edit could not be kept
    /// beyond memory; the session says so on the status line and goes on.
    func editorSession(_ session: EditorSession, didApply edit: DocumentEdit) throws

    /// The session is about to merge; `merge` runs the merge on the session's resource.
    /// An observer that shares the resource with others runs it while the shared state is
    /// locked and up to date, then stores the result. The default runs `merge` as it is.
    func editorSession(_ session: EditorSession, performMerge merge: () throws -> Void) throws

    /// The file at `path` now holds `text` (with `"\n"` line breaks): the session saved it, or
    /// took in a change another program made to it. Throws when that could not be noted; the
    /// session says so on the status line.
    func editorSession(_ session: EditorSession, didSave text: String, toFile path: String) throws
}

extension EditorSessionObserver {
    /// Runs `merge` directly.
    public func editorSession(_ session: EditorSession, performMerge merge: () throws -> Void) throws {
        try merge()
    }

    /// Does nothing.
    public func editorSession(_ session: EditorSession, didSave text: String, toFile path: String) throws {}
}

/// An error an observer throws to be shown on the status line as it is: its description says
/// what happened and what follows for the user, in words that complete a sentence ("Merged and
/// saved 3 lines to b.txt; …").
public protocol SessionNotice: Error, CustomStringConvertible {}
