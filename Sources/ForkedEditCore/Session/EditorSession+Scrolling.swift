extension EditorSession {
    /// The size of each pane's text area, or a 1×1 stand-in while the screen is too small.
    var paneTextSize: (width: Int, height: Int) {
        guard case .regular(let regions) = EditorLayout(columns: size.columns, rows: size.rows) else { return (1, 1) }
        return (regions.paneTexts[focusedPane].width, regions.paneTexts[focusedPane].height)
    }

    /// Scrolls every pane so its cursor is visible; skipped while the screen is too small,
    /// so shrinking and growing the terminal does not lose the scroll position.
    func scrollPanesToCursors() {
        guard case .regular(let regions) = EditorLayout(columns: size.columns, rows: size.rows) else { return }
        for index in panes.indices {
            let (width, height) = (regions.paneTexts[index].width, regions.paneTexts[index].height)
            panes[index].state.wrapWidth = softWrap ? width : nil
            panes[index].state.scrollToCursor(width: width, height: height, wraps: softWrap)
        }
    }
}
