/// Where each part of the editor goes on a screen of a given size.
///
/// ```text
/// ┌ left title ──────────┐│┌ right title ─────────┐   pane title rows
/// │ left fork text       │││ right fork text      │   pane text areas
/// ├ merge view title + summary ────────────────────┤
/// │ merged text, coloured by origin                │
/// status line (file, modified flag, messages, prompts)
/// key hints
/// ```
public enum EditorLayout: Hashable, Sendable {
    /// The terminal is smaller than ``minimumColumns`` × ``minimumRows``.
    case tooSmall(columns: Int, rows: Int)
    /// The normal arrangement.
    case regular(Regions)

    /// Narrowest usable terminal.
    public static let minimumColumns = 40
    /// Shortest usable terminal.
    public static let minimumRows = 12

    /// The regions of a usable screen.
    public struct Regions: Hashable, Sendable {
        /// Title rows of the two panes, left then right.
        public var paneTitles: [ScreenRect]
        /// Text areas of the two panes, left then right.
        public var paneTexts: [ScreenRect]
        /// The column of the divider between the panes.
        public var dividerColumn: Int
        /// The merge view's title row, which also carries the merge summary.
        public var lowerTitle: ScreenRect
        /// The merge view's text area.
        public var lowerText: ScreenRect
        /// The status line.
        public var status: ScreenRect
        /// The key hints line.
        public var hints: ScreenRect
    }

    /// Lays out a screen of `columns` × `rows`, with `statusRows` rows for the status line
    /// (a long message wraps); extra status rows come out of the merge view's text, which keeps
    /// at least one row, so the panes never move.
    public init(columns: Int, rows: Int, statusRows: Int = 1) {
        guard columns >= EditorLayout.minimumColumns, rows >= EditorLayout.minimumRows else {
            self = .tooSmall(columns: columns, rows: rows)
            return
        }
        let mainHeight = rows - 2
        let paneHeight = (mainHeight + 1) / 2
        let lowerHeight = mainHeight - paneHeight
        let leftWidth = (columns - 1) / 2
        let rightWidth = columns - 1 - leftWidth
        let rightColumn = leftWidth + 1
        let statusHeight = min(max(1, statusRows), lowerHeight - 1)
        self = .regular(Regions(
            paneTitles: [
                ScreenRect(row: 0, column: 0, width: leftWidth, height: 1),
                ScreenRect(row: 0, column: rightColumn, width: rightWidth, height: 1),
            ],
            paneTexts: [
                ScreenRect(row: 1, column: 0, width: leftWidth, height: paneHeight - 1),
                ScreenRect(row: 1, column: rightColumn, width: rightWidth, height: paneHeight - 1),
            ],
            dividerColumn: leftWidth,
            lowerTitle: ScreenRect(row: paneHeight, column: 0, width: columns, height: 1),
            lowerText: ScreenRect(row: paneHeight + 1, column: 0, width: columns, height: lowerHeight - statusHeight),
            status: ScreenRect(row: rows - 1 - statusHeight, column: 0, width: columns, height: statusHeight),
            hints: ScreenRect(row: rows - 1, column: 0, width: columns, height: 1)
        ))
    }
}
