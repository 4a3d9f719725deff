/// One key press as the editor sees it, independent of the terminal that produced it.
public enum Key: Hashable, Sendable {
    /// One or more printable characters typed (a fast run may arrive as one event).
    case text(String)
    /// Text the terminal pasted (bracketed paste): inserted as it is, tabs and line breaks
    /// included, as one edit.
    case paste(String)
    /// The Tab key.
    case tab
    /// The Enter (Return) key.
    case enter
    /// Backspace: delete before the cursor.
    case backspace
    /// Delete: delete at the cursor.
    case delete
    /// The Escape key.
    case escape
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Home: start of line.
    case home
    /// End: end of line.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Shift with an arrow: extend the selection.
    case shift(Arrow)
    /// A mouse click on a screen cell (zero-based).
    case click(row: Int, column: Int)
    /// The mouse wheel turned up.
    case wheelUp
    /// The mouse wheel turned down.
    case wheelDown
    /// Ctrl-Left: a word left.
    case controlLeft
    /// Ctrl-Right: a word right.
    case controlRight
    /// Ctrl-Home: start of the document.
    case controlHome
    /// Ctrl-End: end of the document.
    case controlEnd
    /// A function key, F1 is `function(1)`.
    case function(Int)
    /// A control chord; the letter is lowercase `a` through `z`.
    case control(Character)
    /// An Alt (Meta) chord with the given character.
    case alt(Character)
}

/// An arrow key's direction, for modified arrows.
public enum Arrow: String, Hashable, Sendable, CaseIterable {
    /// Left.
    case left = "Left"
    /// Right.
    case right = "Right"
    /// Up.
    case up = "Up"
    /// Down.
    case down = "Down"
}

/// Something the terminal reports: a key press or a new size.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// The terminal now has this many columns and rows.
    case resize(columns: Int, rows: Int)
}
