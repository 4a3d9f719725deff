/// Which ``EditorAction`` each key performs while the user is editing (no prompt open).
public enum KeyMap {
    /// The action bound to `key`, or `nil` for keys that do nothing.
    public static func action(for key: Key) -> EditorAction? {
        switch key {
        case .text(let text): return .insert(text)
        case .enter: return .insert("\n")
        case .backspace: return .deleteBackward
        case .delete: return .deleteForward
        case .tab: return .switchPane
        case .left: return .move(.left)
        case .right: return .move(.right)
        case .up: return .move(.up)
        case .down: return .move(.down)
        case .home: return .move(.lineStart)
        case .end: return .move(.lineEnd)
        case .pageUp: return .move(.pageUp)
        case .pageDown: return .move(.pageDown)
        case .function(1): return .toggleHelp
        case .function(2): return .toggleLowerView
        case .function(5), .control("g"): return .merge
        case .control("z"): return .undo
        case .control("s"): return .save
        case .control("q"): return .quit
        case .escape, .function, .control, .alt: return nil
        }
    }

    /// The key hints shown at the bottom of the screen, nano style: key, then what it does.
    public static let hints: [(key: String, label: String)] = [
        ("^S", "Save"), ("^Q", "Quit"), ("F5", "Merge"), ("F2", "Ancestor"),
        ("Tab", "Other pane"), ("^Z", "Undo"), ("F1", "Help"),
    ]
}
