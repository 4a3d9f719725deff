/// Where a piece of text in the lower view comes from.
public enum MergeViewOrigin: Hashable, Sendable {
    /// Text both forks kept from their common ancestor.
    case unchanged
    /// Text only the left (first) fork added.
    case leftFork
    /// Text only the right (second) fork added.
    case rightFork
    /// Text both forks added identically.
    case bothForks
    /// The left fork's version in a true conflict: both forks changed the same text
    /// differently, and the merge kept both versions.
    case conflictLeft
    /// The right fork's version in a true conflict.
    case conflictRight
    /// In the history view: text the shown version added.
    case added
    /// In the history view: text the shown version removed, shown where it was.
    case removed
    /// In the live merge view: ancestor text only the left fork deleted, shown where it was
    /// (it is not part of the merged text).
    case deletedByLeft
    /// In the live merge view: ancestor text only the right fork deleted.
    case deletedByRight
    /// In the live merge view: ancestor text both forks deleted.
    case deletedByBoth

    /// Whether this is deleted text, shown but not part of the merged text.
    public var isDeletion: Bool {
        switch self {
        case .deletedByLeft, .deletedByRight, .deletedByBoth: true
        default: false
        }
    }

    /// The colour the rest of a word takes when a run of this origin changed part of it: a
    /// deletion inside a word shows the word as changed by the fork that deleted.
    var wordOrigin: MergeViewOrigin {
        switch self {
        case .deletedByLeft: .leftFork
        case .deletedByRight: .rightFork
        case .deletedByBoth: .bothForks
        default: self
        }
    }
}

/// A stretch of lower-view text with one origin; it may span several lines.
public struct OriginRun: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Where it comes from.
    public var origin: MergeViewOrigin

    /// Creates a run.
    public init(text: String, origin: MergeViewOrigin) {
        self.text = text
        self.origin = origin
    }
}

/// One editing pane as it should be drawn.
public struct PaneContent: Sendable, Equatable {
    /// The name of the fork the pane shows.
    public var forkName: String
    /// The pane's state: text, cursor and scroll offsets.
    public var pane: PaneState
    /// The fork's state in words, such as "in sync" or "2 changes ahead".
    public var forkState: String
    /// Text to highlight wherever it appears (the search), or `nil`.
    public var highlight: String?
    /// Other people's cursors in this pane's fork.
    public var peerCursors: [PeerCursor] = []
    /// Whether long lines wrap at the pane's width (soft wrap) instead of scrolling sideways.
    public var wraps = false

    /// Creates pane content.
    public init(forkName: String, pane: PaneState, forkState: String) {
        self.forkName = forkName
        self.pane = pane
        self.forkState = forkState
    }
}

/// The lower, full-width view as it should be drawn.
public struct LowerViewContent: Sendable, Equatable {
    /// The title, such as "Live merge".
    public var title: String
    /// The summary shown after the title (characters inserted and deleted per side).
    public var summary: String
    /// The text, in runs of one origin each.
    public var runs: [OriginRun]
    /// First line shown.
    public var topLine: Int
    /// First display column shown.
    public var leftColumn: Int
    /// Whether long lines wrap at the view's width.
    public var wraps = false

    /// Creates lower-view content.
    public init(title: String, summary: String, runs: [OriginRun], topLine: Int = 0, leftColumn: Int = 0) {
        self.title = title
        self.summary = summary
        self.runs = runs
        self.topLine = topLine
        self.leftColumn = leftColumn
    }
}

/// The status line's content.
public struct StatusContent: Sendable, Equatable {
    /// The file being edited, or `nil` for a new document.
    public var fileName: String?
    /// Whether there are changes not yet saved.
    public var isModified: Bool
    /// A warning that stays until dismissed, such as edits not being kept for crash recovery.
    public var warning: String?
    /// A transient message, such as the result of a save.
    public var message: String?
    /// A state that holds until it changes, such as a sync server being unreachable.
    public var standing: String?
    /// A question waiting for an answer.
    public var prompt: StatusPrompt?

    /// Creates status content.
    public init(
        fileName: String?, isModified: Bool, warning: String? = nil, message: String? = nil, standing: String? = nil,
        prompt: StatusPrompt? = nil
    ) {
        self.fileName = fileName
        self.isModified = isModified
        self.warning = warning
        self.message = message
        self.standing = standing
        self.prompt = prompt
    }
}

extension StatusContent {
    /// The warning, the message and the standing state as one text, or `nil` when there is none.
    var notices: String? {
        let parts = [warning.map { "\($0) (Esc dismisses)" }, message, standing].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }
}

/// Everything the renderer needs to draw the editor: a snapshot of the session's state.
public struct ScreenContent: Sendable, Equatable {
    /// The two panes, left then right.
    public var panes: [PaneContent]
    /// Index of the pane with the focus.
    public var focusedPane: Int
    /// The lower view.
    public var lower: LowerViewContent
    /// The status line.
    public var status: StatusContent
    /// Whether the help overlay is shown.
    public var showsHelp: Bool
    /// What the lower view shows, so the key hints offer the other view.
    public var lowerViewMode: LowerViewMode

    /// Creates screen content.
    public init(
        panes: [PaneContent], focusedPane: Int, lower: LowerViewContent, status: StatusContent, showsHelp: Bool,
        lowerViewMode: LowerViewMode = .liveMerge
    ) {
        self.lowerViewMode = lowerViewMode
        self.panes = panes
        self.focusedPane = focusedPane
        self.lower = lower
        self.status = status
        self.showsHelp = showsHelp
    }
}
