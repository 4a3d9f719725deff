/// The text of the help overlay.
public enum HelpText {
    /// Lines shown in the help overlay: keys first and every line at most 32 columns, so
    /// even a minimum-size terminal shows all the keys.
    public static let lines: [String] = [
        "Tab         switch pane",
        "F5, ^G      merge both forks",
        "^S          merge and save",
        "^Q          quit",
        "^Z          undo in this fork",
        "F2          merge / ancestor view",
        "Arrows Home End PgUp PgDn: move",
        "F1          close this help",
        "",
        "Each pane edits its own fork of",
        "one document. Below them is the",
        "live merge of both forks: text",
        "from the left fork is green,",
        "from the right fork magenta,",
        "from both yellow.",
    ]
}
