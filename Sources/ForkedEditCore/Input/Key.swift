/// One key press as the editor sees it, independent of the terminal that produced it.
public enum Key: Hashable, Sendable {
    /// One or more printable characters; a pasted run arrives as one event.
    case text(String)
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
    /// A function key, F1 is `function(1)`.
    case function(Int)
    /// A control chord; the letter is lowercase `a` through `z`.
    case control(Character)
    /// An Alt (Meta) chord with the given character.
    case alt(Character)
}

/// Something the terminal reports: a key press or a new size.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// The terminal now has this many columns and rows.
    case resize(columns: Int, rows: Int)
}
