/// How the session is shown, apart from the texts: the screen's size, which pane has the focus,
/// what the lower view shows, the help overlay, soft wrap, the highlighted search and other
/// people's cursors. Nothing here changes a document.
struct SessionView {
    /// The screen size.
    var size: (columns: Int, rows: Int)
    /// Index of the pane with the focus.
    var focusedPane = 0
    /// What the lower view shows.
    var lowerViewMode = LowerViewMode.liveMerge
    /// Whether the help overlay is shown.
    var showsHelp = false
    /// Whether long lines wrap at the pane's width (F6) instead of scrolling sideways.
    var softWrap = false
    /// The text last searched for, highlighted in the focused pane until Esc.
    var searchQuery: String?
    /// Other people's cursors by the name of the fork they are in, drawn in that fork's pane.
    var peerCursors: [String: [PeerCursor]] = [:]
}
