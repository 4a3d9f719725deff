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
    /// To the start of the word before the cursor (crossing line breaks).
    case wordLeft
    /// To the end of the word after the cursor (crossing line breaks).
    case wordRight
    /// To the start of the text.
    case documentStart
    /// To the end of the text.
    case documentEnd
}

/// What the user asked the editor to do, independent of which key asked for it.
public enum EditorAction: Hashable, Sendable {
    /// Type text at the cursor of the focused pane (undone a word at a time).
    case insert(String)
    /// Insert pasted text at the cursor of the focused pane, as one edit.
    case paste(String)
    /// Delete the character before the cursor.
    case deleteBackward
    /// Delete the character at the cursor.
    case deleteForward
    /// Move the cursor of the focused pane.
    case move(CursorMovement)
    /// Move the cursor, extending the selection from where it started.
    case select(CursorMovement)
    /// A click on a screen cell: focus the pane there and put its cursor at the cell.
    case click(row: Int, column: Int)
    /// Move the focused pane's cursor this many lines (the mouse wheel).
    case scroll(lines: Int)
    /// Cut the selection (or the cursor's line) to the editor's clipboard.
    case cut
    /// Copy the selection (or the cursor's line) to the editor's clipboard.
    case copy
    /// Insert the editor's clipboard at the cursor.
    case pasteClipboard
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
    /// Make the last undone edit again.
    case redo
    /// Type the next key as the character it stands for (Tab types a tab) instead of its command.
    case insertNextKeyVerbatim
    /// Ask for text to find in the focused pane.
    case search
    /// Find the next (or, when `false`, the previous) place of the last search.
    case findAgain(forward: Bool)
    /// Ask for a line to go to.
    case goToLine
    /// Ask for text to replace, then what to replace it with, in the selection or the whole pane.
    case replace
    /// Merge, then save the merged text.
    case save
    /// Show the focused pane's fork's earlier versions (the history view).
    case showHistory
    /// Wrap long lines at the pane's width, or stop wrapping them.
    case toggleSoftWrap
    /// Read the file now and make the focused pane's fork what it holds on disk, as one
    /// undoable edit.
    case reloadFromDisk
    /// Ask for a file name (the current one to start from), then merge and save there.
    case saveAs
    /// Leave the editor, asking first when there are unsaved changes.
    case quit
}
