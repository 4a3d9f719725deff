/// The text of the help overlay.
public enum HelpText {
    /// Lines shown in the help overlay: keys first and every line at most 32 columns, so a
    /// narrow terminal shows every key and an 80x24 one everything.
    public static let lines: [String] = [
        "Tab         switch pane",
        "F5, ^G      merge both forks",
        "^S ^O       merge and save; as",
        "^Q          quit",
        "^Z, ^Y      undo, redo (a word)",
        "F2          merge / ancestor view",
        "^V Tab      type a tab",
        "^F F3 ^P    find, next, previous",
        "^L ^R       go to line; replace",
        "F4 F6       history; soft wrap",
        "F7          reload from disk",
        "Arrows Home End PgUp PgDn: move",
        "^Left ^Right  word left, right",
        "^Home ^End    start, end of text",
        "Shift+arrows  select",
        "^K ^C ^U    cut, copy, paste",
        "",
        "Each pane edits its own fork;",
        "below, their live merge: green",
        "from the left fork, magenta the",
        "right, yellow both, red conflict;",
        "underlined: what a fork deleted",
    ]
}
