import Foundation

/// The history view's state: one pane's fork, its versions, and the one being shown.
public struct HistoryView: Sendable, Equatable {
    /// The pane whose fork's history is shown.
    public let pane: Int
    /// The fork's versions, newest first.
    public let versions: [VersionSummary]
    /// Which of ``versions`` is shown.
    public private(set) var position = 0
    /// The shown version's text, as a read-only pane state (scrollable, never edited).
    public private(set) var state: PaneState
    /// What the shown version changed.
    public private(set) var changes: [OriginRun]

    /// Opens on the newest version.
    init(pane: Int, versions: [VersionSummary], shown: VersionText) {
        self.pane = pane
        self.versions = versions
        state = PaneState(text: shown.text)
        changes = shown.changes
    }

    /// The version shown.
    public var shown: VersionSummary { versions[position] }

    /// Shows version `position` (0 the newest) with its text.
    mutating func show(_ position: Int, _ text: VersionText) {
        let line = state.topLine
        self.position = position
        state = PaneState(text: text.text)
        // Stay near the same place, so that stepping through time compares like with like.
        state.setCursor(TextPosition(line: line, column: 0))
        changes = text.changes
    }

    /// The view with the shown text scrolled or its cursor moved.
    func replacingState(_ state: PaneState) -> HistoryView {
        var view = self
        view.state = state
        return view
    }

    /// The pane's title while the view is open.
    func title(forkName: String) -> String {
        "\(forkName) @ \(shown.shortID)"
    }

    /// The pane's state line: which version, when, by whom, and how much it changed.
    /// Short enough for half a 120-column terminal: the date only when it is not today's.
    var stateLine: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        // As `forked-edit log` writes times.
        formatter.dateFormat = Calendar.current.isDateInToday(shown.time) ? "HH:mm:ss" : "yyyy-MM-dd HH:mm"
        let time = formatter.string(from: shown.time)
        return "\(versions.count - position) of \(versions.count), \(time), \(shown.origin), +\(shown.inserted) -\(shown.deleted)"
    }
}
