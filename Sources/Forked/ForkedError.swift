/// Errors thrown by ``ForkedResource`` and its repositories. Each says what went wrong and where.
public enum ForkedError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The fork does not exist in this resource.
    case unknownFork(Fork)
    /// A fork with this name already exists.
    case forkAlreadyExists(Fork)
    /// Main is the hub of every resource and can be neither created nor deleted.
    case mainCannotBeCreatedOrDeleted
    /// Fork names must be non-empty.
    case invalidForkName(String)
    /// The fork holds no commit of this version.
    case unknownVersion(Version, in: Fork)
    /// A stored repository could not be read because its content is damaged.
    case corruptRepository(path: String, reason: String)
    /// Reading or writing a repository file failed.
    case fileSystem(path: String, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unknownFork(let fork): "no fork named '\(fork.name)'"
        case .forkAlreadyExists(let fork): "a fork named '\(fork.name)' already exists"
        case .mainCannotBeCreatedOrDeleted: "the main fork always exists: it cannot be created or deleted"
        case .invalidForkName(let name): "invalid fork name '\(name)': a fork name must not be empty"
        case .unknownVersion(let version, let fork): "fork '\(fork.name)' holds no version \(version)"
        case .corruptRepository(let path, let reason): "corrupt repository at \(path): \(reason)"
        case .fileSystem(let path, let reason): "\(path): \(reason)"
        }
    }
}
