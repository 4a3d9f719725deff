import Forked
import ForkedMerge

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
    /// A pane's fork does not exist in the resource the session was opened on.
    case missingFork(String)

    /// A message for the user.
    public var description: String {
        switch self {
        case .invalidForkNames(let names):
            return "need two different fork names other than 'main', got \(names.map { "'\($0)'" }.joined(separator: ", "))"
        case .missingFork(let name):
            return "the document has no fork named '\(name)'"
        }
    }
}

/// The resource an editor session keeps its forks in: any repository, in memory by default.
public typealias TextDocumentResource = ForkedResource<AnyRepository<TextDocument>>

/// The editor's model: one ``TextDocument`` in a ``ForkedResource`` with two forks, each
/// shown in its own pane, plus everything on screen around them.
///
/// The session is driven by ``handle(_:)`` with input events and drawn with ``render()``; it
/// never touches a terminal or the file system (saving goes through a ``DocumentWriter``,
/// and an ``EditorSessionObserver`` hears of every edit, merge and save so it can keep them).
public final class EditorSession {
    /// The forked document.
    public let resource: TextDocumentResource
    /// Hears of every edit, merge and save. Held weakly: its owner keeps it alive.
    public weak var observer: (any EditorSessionObserver)?
    /// The panes, left then right.
    public internal(set) var panes: [EditorPane]
    /// How the session is shown, apart from the texts.
    var view: SessionView
    /// Where the keys go between one key and the next.
    var input = KeyInputState()
    /// Index of the pane with the focus.
    public internal(set) var focusedPane: Int {
        get { view.focusedPane }
        set { view.focusedPane = newValue }
    }
    /// What the lower view shows.
    public internal(set) var lowerViewMode: LowerViewMode {
        get { view.lowerViewMode }
        set { view.lowerViewMode = newValue }
    }
    /// Whether the help overlay is shown.
    public internal(set) var showsHelp: Bool {
        get { view.showsHelp }
        set { view.showsHelp = newValue }
    }
    /// The question on the status line, if any.
    public internal(set) var prompt: StatusPrompt? {
        get { input.prompt }
        set { input.prompt = newValue }
    }
    /// Where the history view (F4) reads a fork's earlier versions; `nil` when there are none to read.
    public weak var versionSource: (any VersionSource)?
    /// Whether long lines wrap at the pane's width (F6) instead of scrolling sideways.
    public internal(set) var softWrap: Bool {
        get { view.softWrap }
        set { view.softWrap = newValue }
    }
    /// The history view, while it is open.
    public internal(set) var historyView: HistoryView?
    /// Other people's cursors by the name of the fork they are in, drawn in that fork's pane.
    public var peerCursors: [String: [PeerCursor]] {
        get { view.peerCursors }
        set { view.peerCursors = newValue }
    }

    /// The status line's words and the pane titles' notes (``StatusReport``).
    public internal(set) var statusLine = StatusLine()
    /// A transient message on the status line; the next key clears it.
    public internal(set) var message: String? {
        get { statusLine.message }
        set { statusLine.message = newValue }
    }
    /// A warning on the status line that stays, wrapped to the width, until Esc dismisses it
    /// (such as edits not being kept for crash recovery).
    public internal(set) var warning: String? {
        get { statusLine.warning }
        set { statusLine.warning = newValue }
    }
    /// A state shown on the status line for as long as it holds (``StatusReport/standing(_:)``).
    public var standingNotice: String? { statusLine.standingNotice }
    /// Why no pane may be edited (``StatusReport/documentReadOnly(reason:)``).
    public var documentReadOnlyReason: String? { statusLine.documentReadOnlyReason }
    /// Words shown in a fork's pane title instead of its state against main, by fork name
    /// (``StatusReport/forkState(fork:note:)``).
    public var forkStateNotes: [String: String] { statusLine.forkStateNotes }

    /// Tells the session something to say (see ``StatusReport``); returns whether the screen changed.
    @discardableResult
    public func report(_ report: StatusReport) -> Bool {
        statusLine.receive(report)
    }

    /// The edited file: its name, how it is written, what it last held.
    var file: EditedFile
    /// The file saves go to, or `nil` until the user names one.
    public internal(set) var fileName: String? {
        get { file.name }
        set { file.name = newValue }
    }
    /// Whether the user has quit.
    public internal(set) var isFinished: Bool {
        get { input.isFinished }
        set { input.isFinished = newValue }
    }
    /// The screen size.
    public internal(set) var size: (columns: Int, rows: Int) {
        get { view.size }
        set { view.size = newValue }
    }
    /// The live merge of the two panes and what it was made from, refreshed after every edit.
    var liveMergeState = LiveMergeState()
    /// The live merge of the two panes, refreshed after every edit (with ``defersLiveMerge``,
    /// by ``settleLiveMerge()`` after it).
    public var liveMerge: LiveMerge { liveMergeState.merge }
    /// Whether an edit leaves the live merge to ``settleLiveMerge()`` instead of merging at once:
    /// an interactive app sets it, draws what the key did, then settles, so that typing never
    /// waits for a merge of the whole document (tens of milliseconds at 10 MB). Off by default,
    /// and for replays, whose every frame shows the merge of its moment.
    public var defersLiveMerge: Bool {
        get { liveMergeState.isDeferred }
        set { liveMergeState.isDeferred = newValue }
    }
    /// The forks the live merge merges, left side first: the panes' forks, or the editable
    /// fork and main when the other pane is read-only.
    public var liveMergeForks: [Fork] { liveMergeState.forks }
    /// The text both forks started from.
    public var ancestorText: String { liveMergeState.ancestorText }
    /// Whether some fork differs from what was last saved (or opened).
    public internal(set) var isModified = false

    /// What Ctrl-K cut or Ctrl-C copied last, for Ctrl-U, shared by both panes, and whether the
    /// system clipboard has it yet (``takeSystemClipboardText()``).
    var clipboardState = Clipboard()
    /// What Ctrl-K cut or Ctrl-C copied last, for Ctrl-U; shared by both panes.
    public var clipboard: String { clipboardState.text }
    /// The text last searched for, highlighted in the focused pane until Esc.
    public internal(set) var searchQuery: String? {
        get { view.searchQuery }
        set { view.searchQuery = newValue }
    }

    /// Opens `text` with two new forks in memory.
    ///
    /// - Parameters:
    ///   - text: The initial document; `"\r\n"` line breaks are kept for saving.
    ///   - fileName: Where saves go; `nil` asks for a name on first save.
    ///   - forkNames: The two forks' names, left then right.
    ///   - columns: Screen width.
    ///   - rows: Screen height.
    ///   - writer: Performs saves.
    public convenience init(
        text: String, fileName: String?, forkNames: [String] = ["left", "right"],
        columns: Int, rows: Int, writer: any DocumentWriter
    ) throws {
        try Self.validate(forkNames, readOnlyPanes: [])
        let (normalized, lineEndings) = LineEndings.normalize(text)
        let resource = try TextDocumentResource(repository: AnyRepository(InMemoryRepository<TextDocument>()))
        try resource.update(.main, with: TextDocument(text: normalized))
        for name in forkNames { try resource.create(Fork(name: name)) }
        try self.init(
            resource: resource, forkNames: forkNames, fileName: fileName, lineEndings: lineEndings,
            savedText: normalized, columns: columns, rows: rows, writer: writer
        )
    }

    /// Opens a session on forks that already exist in `resource`, each pane showing its
    /// fork's text with the cursor where that fork last edited.
    ///
    /// - Parameters:
    ///   - resource: The forked document, in any repository.
    ///   - forkNames: The two forks' names, left then right. A read-only pane may show main.
    ///   - readOnlyPanes: Panes whose fork this session must not edit.
    ///   - fileName: Where saves go; `nil` asks for a name on first save.
    ///   - lineEndings: The line breaks saves write.
    ///   - savedText: The text as last saved, to tell whether there is anything to save;
    ///     main's text when `nil`.
    ///   - columns: Screen width.
    ///   - rows: Screen height.
    ///   - writer: Performs saves.
    public init(
        resource: TextDocumentResource, forkNames: [String], readOnlyPanes: Set<Int> = [],
        fileName: String?, lineEndings: LineEndings = .unix, savedText: String? = nil,
        columns: Int, rows: Int, writer: any DocumentWriter
    ) throws {
        try Self.validate(forkNames, readOnlyPanes: readOnlyPanes)
        let forks = forkNames.map(Fork.init(name:))
        for fork in forks where try !resource.has(fork) { throw EditorSessionError.missingFork(fork.name) }
        self.resource = resource
        panes = try forks.indices.map { index in
            let document = try resource.resource(of: forks[index]) ?? TextDocument(text: "")
            return EditorPane(fork: forks[index], document: document, isReadOnly: readOnlyPanes.contains(index))
        }
        view = SessionView(size: (columns, rows))
        // The text was read from the file just before (and an outside change since the last
        // session merged in on opening). A change in the moment between is taken in at the
        // next change or before the next save, which always reads.
        file = EditedFile(
            name: fileName, writer: writer, lineEndings: lineEndings,
            savedText: try savedText ?? resource.resource(of: .main)?.text ?? ""
        )
        // The state starts empty and takes the real merge at once: a merge of the panes against
        // an empty ancestor here was a second full merge of the document, most of a large
        // file's start-up.
        try refreshLiveMerge()
        scrollPanesToCursors()
    }

    private static func validate(_ forkNames: [String], readOnlyPanes: Set<Int>) throws {
        guard forkNames.count == 2, Set(forkNames).count == 2,
              forkNames.indices.allSatisfy({ index in
                  !forkNames[index].isEmpty && (forkNames[index] != Fork.main.name || readOnlyPanes.contains(index))
              }),
              readOnlyPanes.count < 2
        else { throw EditorSessionError.invalidForkNames(forkNames) }
    }

    /// The forks shown in the left and right panes.
    public var forks: [Fork] { panes.map(\.fork) }

    /// Panes that show their fork without editing it (a fork another process edits).
    public var readOnlyPanes: Set<Int> { Set(panes.indices.filter { panes[$0].isReadOnly }) }

    /// Each pane's text, left then right.
    public var paneTexts: [String] { panes.map(\.text) }

    /// The forks this session edits: those of panes that are not read-only.
    public var editableForks: [Fork] { panes.filter { !$0.isReadOnly }.map(\.fork) }

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
        let pane = panes[index]
        // Main is main: its pane's title already names it.
        if pane.fork == .main { return pane.isReadOnly ? "read-only" : "main" }
        if let note = forkStateNotes[pane.fork.name] { return pane.isReadOnly ? "read-only, \(note)" : note }
        let state: String
        switch try resource.status(of: pane.fork) {
        case .inSync: state = "in sync"
        case .behind: state = "behind main"
        case .ahead(let edits):
            // Edits undone back to main's text leave nothing to merge, whatever their number.
            // Counted as changes: an undo is one too, so the number grows while undoing.
            let main = try resource.resource(of: .main)?.text
            state = pane.text.utf8.count == main?.utf8.count && pane.text == main
                ? "in sync" : "\(Self.count(edits, "change")) ahead"
        case .diverged(let edits): state = "\(Self.count(edits, "change")), diverged"
        }
        return pane.isReadOnly ? "read-only, \(state)" : state
    }

    /// "1 edit", "3 edits".
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(plural ?? noun + "s")"
    }

    /// Shows each pane's fork as the resource now holds it, after something other than this
    /// session changed the resource (another process, a change to the file on disk).
    /// Panes whose text changed keep their cursor on the text it was on.
    public func reloadFromResource() throws {
        for index in panes.indices {
            let pane = panes[index]
            let text = try resource.resource(of: pane.fork)?.text ?? ""
            guard text != pane.text else { continue }
            let offset = pane.state.buffer.utf8Offset(of: pane.state.cursor)
            let carried = CursorCarrying.offset(offset, from: pane.text, to: text)
            let buffer = TextBuffer(text: text)
            // The undo history follows the text: this fork's own edits stay undoable where the
            // change (another fork's edits, merged in) left them alone.
            let hunks = LineHunks.refined(LineHunks.between(pane.state.buffer.lines, buffer.lines), old: pane.text, new: text)
            panes[index].state.replaceAll(with: text, cursor: buffer.position(atUTF8Offset: carried), hunks: hunks)
            panes[index].text = text
        }
        try refreshLiveMerge()
        scrollPanesToCursors()
    }

    /// Shows `fork` in read-only pane `index` instead of the fork it showed.
    public func showReadOnly(_ fork: Fork, inPane index: Int) throws {
        guard panes.indices.contains(index), panes[index].isReadOnly, try resource.has(fork), !forks.contains(fork)
        else { return }
        let document = try resource.resource(of: fork) ?? TextDocument(text: "")
        panes[index] = EditorPane(fork: fork, document: document, isReadOnly: true)
        try refreshLiveMerge()
        scrollPanesToCursors()
    }
}

extension EditorSession {
    /// The text last cut or copied, once: the app hands it to the terminal's system clipboard.
    public func takeSystemClipboardText() -> String? {
        clipboardState.takeForSystem()
    }
}
