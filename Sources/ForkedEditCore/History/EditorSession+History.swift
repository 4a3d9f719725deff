import Forked

extension EditorSession {
    /// Opens the history view on the focused pane's fork (F4), or says why it cannot.
    func openHistoryView() throws {
        guard let source = versionSource else {
            message = "No history here: versions are kept for a file the editor stores (not with --no-state)"
            return
        }
        let fork = panes[focusedPane].fork.name
        let versions = try source.versions(of: fork)
        guard let newest = versions.first else {
            message = "No versions of \(fork) yet: one is kept when edits are stored (every few seconds), merged or saved"
            return
        }
        historyView = HistoryView(pane: focusedPane, versions: versions, shown: try source.text(ofVersion: newest.id))
        scrollHistoryView()
    }

    /// Keys while the history view is open: step through time, scroll, restore, or leave.
    func handleHistoryKey(_ key: Key) throws {
        guard var view = historyView else { return }
        switch key {
        case .escape, .function(4):
            historyView = nil
            message = nil
            return
        case .enter:
            try restore(view)
            return
        case .left, .control("p"):
            try step(&view, by: 1)
        case .right, .control("n"):
            try step(&view, by: -1)
        case .up, .down, .pageUp, .pageDown, .home, .end, .controlHome, .controlEnd:
            var state = view.state
            if let action = KeyMap.action(for: key), case .move(let movement) = action {
                state.move(movement, pageHeight: paneTextSize.height)
            }
            view = view.replacingState(state)
        case .control("q"):
            historyView = nil
            try perform(.quit)
            return
        default:
            message = "History: Left older, Right newer, Enter restores this version, Esc returns"
        }
        historyView = view
        scrollHistoryView()
    }

    private func step(_ view: inout HistoryView, by delta: Int) throws {
        let target = view.position + delta
        guard view.versions.indices.contains(target), let source = versionSource else {
            message = delta > 0 ? "This is the oldest version kept" : "This is the newest version"
            return
        }
        view.show(target, try source.text(ofVersion: view.versions[target].id), height: paneTextSize.height)
        message = nil
    }

    /// Makes the shown version the fork's text, as one edit that Ctrl-Z undoes.
    private func restore(_ view: HistoryView) throws {
        historyView = nil
        focusedPane = view.pane
        let text = view.state.buffer.text
        if panes[focusedPane].isReadOnly {
            message = "\(panes[focusedPane].fork.name) is read-only here: its history can be seen, not restored"
            return
        }
        guard text != panes[focusedPane].text else {
            message = "\(panes[focusedPane].fork.name) already holds version \(view.shown.shortID)"
            return
        }
        try edit { $0.replaceText(with: text) }
        message = "Restored \(panes[focusedPane].fork.name) to version \(view.shown.shortID): ^Z undoes it"
    }

    private func scrollHistoryView() {
        guard var view = historyView, case .regular(let regions) = EditorLayout(columns: size.columns, rows: size.rows) else { return }
        var state = view.state
        let (width, height) = (regions.paneTexts[view.pane].width, regions.paneTexts[view.pane].height)
        state.scrollToCursor(width: width, height: height, wraps: softWrap)
        view = view.replacingState(state)
        historyView = view
    }
}
