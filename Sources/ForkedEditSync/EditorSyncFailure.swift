/// A failure to start syncing the user can act on (a refused login, a file already synced, a
/// document of another file): one line, which the executable prints before exiting with status 2.
public struct EditorSyncFailure: Error, CustomStringConvertible {
    /// What went wrong, naming the file, server or document involved.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
