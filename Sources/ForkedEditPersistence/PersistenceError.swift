import Foundation

/// Why a file's stored editing state could not be used.
public enum PersistenceError: Error, Equatable, CustomStringConvertible {
    /// The hidden state directory is damaged: the repository, a journal or the saved text.
    case corruptState(directory: String, reason: String)
    /// Reading or writing the state directory failed.
    case fileSystem(path: String, reason: String)
    /// Another process (or another open document) is editing this fork of the file.
    case forkInUse(fork: String, file: String)
    /// The file has no stored editing state beside it.
    case noState(file: String)
    /// The state directory, or an entry in it, is not the user's own or is a symbolic link
    /// (see ``ForkedDirectoryLayout/verifyOwnership()``): nothing in it is used.
    case untrustedState(path: String, reason: String)

    /// A one-line message for the user.
    public var description: String {
        switch self {
        case .corruptState(let directory, let reason):
            "the editing state in \(directory) is damaged: \(reason)"
        case .fileSystem(let path, let reason):
            "\(path): \(reason)"
        case .forkInUse(let fork, let file):
            "fork '\(fork)' of \(file) is being edited by another forked-edit; choose another fork name"
        case .noState(let file):
            Self.noStateMessage(file)
        case .untrustedState(let path, let reason):
            "\(path) \(reason): refusing to use it, as another user could have planted it "
                + "(forked-edit uses only state that is yours and holds no links; move it away to start afresh)"
        }
    }

    /// Closing keeps a file's history once the rest of its state is redundant, so the
    /// directory may be there with no forks in it.
    private static func noStateMessage(_ file: String) -> String {
        let directory = ForkedDirectoryLayout(file: URL(fileURLWithPath: file)).directory
        guard FileManager.default.fileExists(atPath: directory.path) else {
            return "\(file) has no stored forks (no \(directory.lastPathComponent) beside it)"
        }
        return "\(file) has no stored forks (\(directory.lastPathComponent) holds only its history: forked-edit log \(file))"
    }
}
