import Forked

/// What the lower view shows.
public enum LowerViewMode: Hashable, Sendable {
    /// The live three-way merge of the two forks.
    case liveMerge
    /// The common ancestor both forks started from.
    case commonAncestor
}

/// A problem opening an editor session.
public enum EditorSessionError: Error, Equatable, CustomStringConvertible {
    /// The fork names were not two distinct, non-empty names other than `main`.
    case invalidForkNames([String])

    /// A message for the user.
    public var description: String {
        switch self {
        case .invalidForkNames(let names):
            return "need two different fork names other than 'main', got \(names.map { "'\($0)'" }.joined(separator: ", "))"
        }
    }
}

/// The editor's model: one ``TextDocument`` in a ``ForkedResource`` with two forks, each
/// edited in its own pane, plus everything on screen around them.
///
/// The session is driven by ``handle(_:)`` with input events and drawn with ``render()``; it
/// never touches a terminal or the file system (saving goes through a ``DocumentWriter``).
public final class EditorSession {
    /// The forks edited in the left and right panes.
    public let forks: [Fork]
    /// The forked document.
    public let resource: QuickFork<TextDocument>
    /// The panes, left then right.
    public internal(set) var panes: [PaneState]
    /// Index of the pane with the focus.
    public internal(set) var focusedPane = 0
    /// What the lower view shows.
    public internal(set) var lowerViewMode = LowerViewMode.liveMerge
    /// Whether the help overlay is shown.
    public internal(set) var showsHelp = false
    /// The question on the status line, if any.
    public internal(set) var prompt: StatusPrompt?
    /// A transient message on the status line.
    public internal(set) var message: String?
    /// The file saves go to, or `nil` until the user names one.
    public internal(set) var fileName: String?
    /// Each pane's text, kept joined so a keystroke re-joins only the pane it edited.
    public internal(set) var paneTexts: [String]
    /// Whether the user has quit.
    public internal(set) var isFinished = false
    /// The screen size.
    public internal(set) var size: (columns: Int, rows: Int)
    /// The live merge of the two panes, refreshed after every edit.
    public internal(set) var liveMerge: LiveMerge
    /// The text both forks started from.
    public internal(set) var ancestorText: String
    /// Whether some fork differs from what was last saved (or opened).
    public internal(set) var isModified = false

    let writer: any DocumentWriter
    let lineEndings: LineEndings
    /// The text as last saved or opened, to decide ``isModified``.
    var savedText: String
    /// Whether quitting continues once the file-name prompt has saved.
    var quitsAfterSaving = false

    /// Opens `text` with two forks.
    ///
    /// - Parameters:
    ///   - text: The initial document; `"\r\n"` line breaks are kept for saving.
    ///   - fileName: Where saves go; `nil` asks for a name on first save.
    ///   - forkNames: The two forks' names, left then right.
    ///   - columns: Screen width.
    ///   - rows: Screen height.
    ///   - writer: Performs saves.
    public init(
        text: String, fileName: String?, forkNames: [String] = ["left", "right"],
        columns: Int, rows: Int, writer: any DocumentWriter
    ) throws {
        guard forkNames.count == 2, Set(forkNames).count == 2,
              forkNames.allSatisfy({ !$0.isEmpty && $0 != Fork.main.name })
        else { throw EditorSessionError.invalidForkNames(forkNames) }
        let (normalized, lineEndings) = LineEndings.normalize(text)
        forks = forkNames.map(Fork.init(name:))
        resource = try QuickFork(initialValue: TextDocument(text: normalized), forks: forks)
        panes = forkNames.map { PaneState(forkName: $0, text: normalized) }
        paneTexts = [normalized, normalized]
        self.fileName = fileName
        self.size = (columns, rows)
        self.writer = writer
        self.lineEndings = lineEndings
        savedText = normalized
        ancestorText = normalized
        liveMerge = LiveMerge(texts: [normalized, normalized], ancestor: normalized, dominantPane: 0)
        scrollPanesToCursors()
    }

    /// The current text of each fork and of main, keyed by fork name.
    public func documents() throws -> [String: String] {
        var documents: [String: String] = [:]
        for fork in [Fork.main] + forks {
            documents[fork.name] = try resource.resource(of: fork)?.text ?? ""
        }
        return documents
    }

    /// The fork's state in words for its pane title.
    public func stateDescription(ofPane index: Int) throws -> String {
        switch try resource.status(of: forks[index]) {
        case .inSync: return "in sync"
        case .behind: return "behind main"
        case .ahead(let edits): return edits == 1 ? "1 edit ahead" : "\(edits) edits ahead"
        case .diverged(let edits): return "\(edits) edits, diverged"
        }
    }
}
