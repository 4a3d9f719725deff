extension EditorSession {
    /// A snapshot of what should be on screen.
    public func screenContent() -> ScreenContent {
        let paneContents = panes.indices.map { index in
            var content = PaneContent(
                forkName: panes[index].fork.name, pane: panes[index].state,
                forkState: (try? stateDescription(ofPane: index)) ?? "unknown")
            content.highlight = index == focusedPane ? searchQuery : nil
            content.peerCursors = peerCursors[panes[index].fork.name] ?? []
            if let view = historyView, view.pane == index {
                content = PaneContent(forkName: view.title(forkName: panes[index].fork.name), pane: view.state, forkState: view.stateLine)
            }
            content.wraps = softWrap
            return content
        }
        return ScreenContent(
            panes: paneContents,
            focusedPane: focusedPane,
            lower: lowerViewContent(),
            status: StatusContent(
                fileName: fileName, isModified: isModified, warning: warning, message: message, standing: standingNotice,
                prompt: prompt
            ),
            showsHelp: showsHelp,
            lowerViewMode: lowerViewMode
        ).withLowerWrapping(softWrap)
    }

    /// Draws the screen.
    public func render() -> CellGrid {
        ScreenRenderer.render(screenContent(), columns: size.columns, rows: size.rows)
    }

    private func lowerViewContent() -> LowerViewContent {
        if let view = historyView {
            return LowerViewContent(
                title: "What \(view.shown.shortID) changed",
                summary: "Left older, Right newer, Enter restores it into \(panes[view.pane].fork.name), Esc returns",
                runs: view.changes, topLine: view.state.topLine, leftColumn: view.state.leftColumn
            )
        }
        // The lower view follows the focused pane: same first line and horizontal offset,
        // moved down only as far as needed to show the cursor's line in its fewer rows.
        let pane = panes[focusedPane].state
        var topLine = pane.topLine
        if case .regular(let regions) = EditorLayout(columns: size.columns, rows: size.rows) {
            let height = max(1, regions.lowerText.height)
            if pane.cursor.line >= topLine + height { topLine = pane.cursor.line - height + 1 }
        }
        switch lowerViewMode {
        case .liveMerge:
            let names = liveMergeForks.map(\.name)
            let stats = liveMerge.statistics
            let summary = names.indices.map { "\(names[$0]) +\(stats[$0].inserted) -\(stats[$0].deleted)" }
                .joined(separator: "  ")
            return LowerViewContent(
                // Dominance only matters where there is something to merge.
                title: stats.allSatisfy { $0.inserted == 0 && $0.deleted == 0 }
                    ? "Live merge, nothing to merge"
                    : "Live merge, \(names[liveMerge.dominantPane]) dominant" + Self.conflictNote(liveMerge.conflictCount),
                summary: summary,
                runs: liveMerge.runs,
                topLine: topLine,
                leftColumn: pane.leftColumn
            )
        case .commonAncestor:
            return LowerViewContent(
                title: "Common ancestor",
                summary: "what both forks started from (F2: live merge)",
                runs: [OriginRun(text: ancestorText, origin: .unchanged)],
                topLine: topLine,
                leftColumn: pane.leftColumn
            )
        }
    }

    /// How the title counts true conflicts: both versions are kept and shown on red.
    private static func conflictNote(_ count: Int) -> String {
        count == 0 ? "" : ", \(Self.count(count, "conflict")) (both kept, on red)"
    }
}

extension ScreenContent {
    /// The content with the lower view wrapping long lines or not.
    fileprivate func withLowerWrapping(_ wraps: Bool) -> ScreenContent {
        var content = self
        content.lower.wraps = wraps
        return content
    }
}
