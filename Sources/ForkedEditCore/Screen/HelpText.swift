/// The text of the help overlay.
public enum HelpText {
    /// Lines shown in the help overlay.
    public static let lines: [String] = [
        "forked-edit: one document, two forks",
        "",
        "Each pane edits the document in its own fork.",
        "The lower view shows the live three-way merge",
        "(left fork green, right fork magenta, both yellow).",
        "",
        "Tab         switch pane",
        "Arrows      move   Home/End  line start/end",
        "PgUp/PgDn   page up/down",
        "F5, ^G      merge both forks (main and back)",
        "F2          lower view: merge / common ancestor",
        "^Z          undo in this pane's fork",
        "^S          merge and save",
        "^Q          quit",
        "F1          close this help",
    ]
}
