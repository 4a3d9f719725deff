/// Which ``EditorAction`` each key performs while the user is editing (no prompt open).
public enum KeyMap {
    /// The action bound to `key`, or `nil` for keys that do nothing.
    public static func action(for key: Key) -> EditorAction? {
        switch key {
        case .text(let text): return .insert(text)
        case .paste(let text): return .paste(text)
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
        case .shift(let arrow):
            switch arrow {
            case .left: return .select(.left)
            case .right: return .select(.right)
            case .up: return .select(.up)
            case .down: return .select(.down)
            }
        case .control("k"): return .cut
        case .control("c"): return .copy
        case .control("u"): return .pasteClipboard
        case .click(let row, let column): return .click(row: row, column: column)
        case .wheelUp: return .scroll(lines: -3)
        case .wheelDown: return .scroll(lines: 3)
        case .controlLeft: return .move(.wordLeft)
        case .controlRight: return .move(.wordRight)
        case .controlHome: return .move(.documentStart)
        case .controlEnd: return .move(.documentEnd)
        case .function(1): return .toggleHelp
        case .function(2): return .toggleLowerView
        case .function(4): return .showHistory
        case .function(6): return .toggleSoftWrap
        case .function(7): return .reloadFromDisk
        case .function(5), .control("g"): return .merge
        case .control("v"): return .insertNextKeyVerbatim
        case .control("f"): return .search
        case .function(3), .control("n"): return .findAgain(forward: true)
        case .control("p"): return .findAgain(forward: false)
        case .control("l"): return .goToLine
        case .control("r"): return .replace
        case .control("z"): return .undo
        case .control("y"): return .redo
        case .control("s"): return .save
        case .control("o"): return .saveAs
        case .control("q"): return .quit
        case .escape, .function, .control, .alt: return nil
        }
    }

    /// The key hints shown at the bottom of the screen, nano style: key, then what it does.
    /// F2 names the view it switches to.
    public static func hints(lowerViewMode: LowerViewMode = .liveMerge) -> [(key: String, label: String)] {
        [
            ("^S", "Save"), ("^Q", "Quit"), ("F5", "Merge"), ("F2", lowerViewMode == .liveMerge ? "Ancestor" : "Live merge"),
            ("Tab", "Other pane"), ("^Z", "Undo"), ("F1", "Help"), ("^F", "Find"), ("F4", "History"),
        ]
    }
}
