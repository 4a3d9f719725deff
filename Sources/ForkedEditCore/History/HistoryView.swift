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
        showFirstChange()
    }

    /// The line of the shown text where its first change is (what it added, or where it
    /// removed something), or `nil` when it changed nothing.
    var firstChangedLine: Int? {
        var line = 0
        for run in changes {
            if run.origin != .unchanged { return line }
            line += ByteScanning.newlineCount(in: run.text)
        }
        return nil
    }

    /// Puts the cursor on the first change, a few lines from the top, so both the version and
    /// what it changed open where something happened (not at the top of a long document).
    private mutating func showFirstChange() {
        guard let line = firstChangedLine else { return }
        state.setCursor(TextPosition(line: line, column: 0))
        state.topLine = max(0, line - Self.linesAboveChange)
    }

    /// Lines of context shown above a change the view opens on.
    static let linesAboveChange = 3

    /// The version shown.
    public var shown: VersionSummary { versions[position] }

    /// Shows version `position` (0 the newest) with its text.
    mutating func show(_ position: Int, _ text: VersionText, height: Int) {
        let (line, top) = (state.cursor.line, state.topLine)
        self.position = position
        state = PaneState(text: text.text)
        changes = text.changes
        // Stay near the same place, so that stepping through time compares like with like,
        // unless this version changed nothing there: then go to what it changed.
        state.setCursor(TextPosition(line: line, column: 0))
        state.topLine = min(top, state.cursor.line)
        if !changesShown(from: state.topLine, height: height) { showFirstChange() }
    }

    /// Whether any change lies within the `height` lines from `top`.
    private func changesShown(from top: Int, height: Int) -> Bool {
        var line = 0
        for run in changes {
            // Lines of the shown text: removed runs are not in it.
            let breaks = run.origin == .removed ? 0 : ByteScanning.newlineCount(in: run.text)
            if run.origin != .unchanged, line + breaks >= top, line < top + height { return true }
            line += breaks
        }
        return false
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
        // What it changed first: a narrow pane's title cuts the end, the origin.
        return "+\(shown.inserted) -\(shown.deleted), \(versions.count - position) of \(versions.count), \(time), \(shown.origin)"
    }
}
