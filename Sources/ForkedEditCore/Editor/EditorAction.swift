/// A cursor movement within one pane.
public enum CursorMovement: Hashable, Sendable {
    /// One character left, wrapping to the end of the previous line.
    case left
    /// One character right, wrapping to the start of the next line.
    case right
    /// One line up, keeping the display column.
    case up
    /// One line down, keeping the display column.
    case down
    /// Start of the line.
    case lineStart
    /// End of the line.
    case lineEnd
    /// One screenful up.
    case pageUp
    /// One screenful down.
    case pageDown
}

/// What the user asked the editor to do, independent of which key asked for it.
public enum EditorAction: Hashable, Sendable {
    /// Insert text at the cursor of the focused pane.
    case insert(String)
    /// Delete the character before the cursor.
    case deleteBackward
    /// Delete the character at the cursor.
    case deleteForward
    /// Move the cursor of the focused pane.
    case move(CursorMovement)
    /// Give focus to the other pane.
    case switchPane
    /// Merge both forks into main and main back into both.
    case merge
    /// Switch the lower view between the live merge and the common ancestor.
    case toggleLowerView
    /// Show or hide the help overlay.
    case toggleHelp
    /// Undo the last edit in the focused pane's fork.
    case undo
    /// Merge, then save the merged text.
    case save
    /// Leave the editor, asking first when there are unsaved changes.
    case quit
}
