import CNcurses
import ForkedEditCore

/// Named control bytes, so the key table reads as what the keys are.
private enum ControlByte {
    static let backspace: UInt32 = 8
    static let tab: UInt32 = 9
    static let lineFeed: UInt32 = 10
    static let carriageReturn: UInt32 = 13
    static let escape: UInt32 = 27
    static let delete: UInt32 = 127
}

/// Turns the raw items ncurses reads into the editor's ``InputEvent``s.
///
/// Two rules need to look ahead at input that is *already waiting*: Escape followed by a
/// printable character is an Alt chord (terminals send Alt-x as ESC x), and a run of printable
/// characters is one `.text` event, so a paste is inserted in one step rather than one
/// redraw per character. Looking ahead never waits; an item that does not fit is kept for the
/// next event.
public struct TerminalInputDecoder: Sendable {
    /// The longest run of printable characters folded into one event, so a huge paste
    /// still lets the editor redraw now and then.
    public static let longestTextRun = 4096

    /// The first key code this package defines: far above `KEY_MAX`, and above the codes ncurses
    /// numbers the terminal's extended keys with (from `KEY_MAX` up, a few hundred at most).
    static let firstOwnKeyCode: Int32 = 0x7000

    /// The key code ncurses reports for the start of a bracketed paste (`ESC [ 200 ~`), once
    /// taught the sequence.
    public static let pasteStartKeyCode: Int32 = firstOwnKeyCode
    /// The key code for the end of a bracketed paste (`ESC [ 201 ~`).
    public static let pasteEndKeyCode: Int32 = firstOwnKeyCode + 1

    /// Key codes for Ctrl-Left, Ctrl-Right, Ctrl-Home and Ctrl-End, which ncurses has no
    /// names for (terminals send `ESC [ 1 ; 5 D` and so on).
    public static let controlArrowKeyCodes: [(code: Int32, key: Key)] = [
        (firstOwnKeyCode + 2, .controlLeft), (firstOwnKeyCode + 3, .controlRight),
        (firstOwnKeyCode + 4, .controlHome), (firstOwnKeyCode + 5, .controlEnd),
    ]

    private var pending: RawTerminalInput?
    /// The text of a bracketed paste still arriving.
    private var paste: String.UnicodeScalarView?

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether an item read ahead is waiting to be decoded.
    public var hasPendingInput: Bool { pending != nil }

    /// Decodes the next event.
    ///
    /// - Parameters:
    ///   - readFirst: Reads the first item, waiting as long as the caller wants; `nil` when
    ///     nothing arrived in time. Not called when an item read ahead is pending.
    ///   - readWaiting: Reads an item only if one is already waiting; `nil` otherwise.
    /// - Returns: The event, or `nil` when nothing arrived or the item means nothing to the
    ///   editor (such as an unknown key code).
    public mutating func nextEvent(
        readFirst: () throws -> RawTerminalInput?,
        readWaiting: () throws -> RawTerminalInput?
    ) rethrows -> InputEvent? {
        if paste != nil {
            return try continuePaste(readFirst: readFirst, readWaiting: readWaiting)
        }
        let first: RawTerminalInput
        if let pending {
            first = pending
            self.pending = nil
        } else if let read = try readFirst() {
            first = read
        } else {
            return nil
        }

        switch first {
        case let .resize(columns, rows):
            return .resize(columns: columns, rows: rows)
        case let .mouse(button, row, column):
            switch button {
            case 1: return .key(.click(row: row, column: column))
            case 4: return .key(.wheelUp)
            case 5: return .key(.wheelDown)
            default: return nil
            }
        case let .keyCode(code) where code == Self.pasteStartKeyCode:
            paste = String.UnicodeScalarView()
            return try continuePaste(readFirst: readFirst, readWaiting: readWaiting)
        case let .keyCode(code):
            return Self.key(forKeyCode: code).map(InputEvent.key)
        case let .character(code):
            if code == ControlByte.escape {
                return try escapeOrAlt(readWaiting: readWaiting).map(InputEvent.key)
            }
            if let printable = Self.printableScalar(code) {
                return .key(.text(try textRun(startingWith: printable, readWaiting: readWaiting)))
            }
            return Self.key(forControlByte: code).map(InputEvent.key)
        }
    }

    /// Collects a bracketed paste up to its end marker: printable characters, tabs and line
    /// breaks as they are, other control bytes and key codes dropped. When the rest has not
    /// arrived yet, returns `nil` and continues with the next call, so a paste of any length is
    /// one event however the terminal splits it.
    private mutating func continuePaste(
        readFirst: () throws -> RawTerminalInput?, readWaiting: () throws -> RawTerminalInput?
    ) rethrows -> InputEvent? {
        var waited = false
        while true {
            let item: RawTerminalInput
            if let pending {
                item = pending
                self.pending = nil
            } else if let read = try readWaiting() {
                item = read
            } else if !waited, let read = try readFirst() {
                // The paste pauses: wait once as long as the caller allows, then report nothing.
                item = read
                waited = true
            } else {
                return nil
            }
            switch item {
            case let .character(code):
                if code == ControlByte.tab || code == ControlByte.lineFeed || code == ControlByte.carriageReturn {
                    paste?.append(Unicode.Scalar(UInt8(code)))
                } else if let scalar = Self.printableScalar(code) {
                    paste?.append(scalar)
                }
            case let .keyCode(code) where code == Self.pasteEndKeyCode:
                let text = String(paste ?? String.UnicodeScalarView())
                paste = nil
                return .key(.paste(text))
            case .keyCode, .mouse:
                break
            case let .resize(columns, rows):
                return .resize(columns: columns, rows: rows)
            }
        }
    }

    /// ESC alone is Escape; ESC with a printable character already behind it is Alt; ESC
    /// starting an escape sequence ncurses did not recognise is swallowed whole (`nil`), so an
    /// unknown key never types its sequence into the document.
    private mutating func escapeOrAlt(readWaiting: () throws -> RawTerminalInput?) rethrows -> Key? {
        guard let next = try readWaiting() else { return .escape }
        guard case let .character(code) = next, let scalar = Self.printableScalar(code) else {
            pending = next
            return .escape
        }
        if scalar == "[" || scalar == "O", let introducer = try readWaiting() {
            return try skipUnknownSequence(after: scalar, startingWith: introducer, readWaiting: readWaiting)
        }
        return .alt(Character(scalar))
    }

    /// Consumes the rest of a CSI (`ESC [ parameters final`) or SS3 (`ESC O letter`) sequence.
    /// When what follows cannot belong to such a sequence, it was Alt-[ or Alt-O followed by
    /// ordinary input, which is kept.
    private mutating func skipUnknownSequence(
        after introducer: Unicode.Scalar, startingWith first: RawTerminalInput,
        readWaiting: () throws -> RawTerminalInput?
    ) rethrows -> Key? {
        var item: RawTerminalInput? = first
        var consumed = 0
        while let current = item, case let .character(code) = current {
            if introducer == "O" {
                guard (0x40...0x7E).contains(code) else { break }
                return nil
            }
            if (0x40...0x7E).contains(code) { return nil }       // Final byte: the sequence is complete.
            guard (0x20...0x3F).contains(code), consumed < 16 else { break }
            consumed += 1
            item = try readWaiting()
        }
        if consumed == 0, let item {
            pending = item
            return .alt(Character(introducer))
        }
        // A truncated sequence: drop it rather than insert half of it.
        if let item { pending = item }
        return nil
    }

    /// Collects the printable characters already waiting behind the first one.
    private mutating func textRun(
        startingWith first: Unicode.Scalar, readWaiting: () throws -> RawTerminalInput?
    ) rethrows -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(first)
        while scalars.count < Self.longestTextRun, let next = try readWaiting() {
            guard case let .character(code) = next, let scalar = Self.printableScalar(code) else {
                pending = next
                break
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The scalar for a printable character code: not a C0 or C1 control, not DEL, and a
    /// valid scalar value.
    static func printableScalar(_ code: UInt32) -> Unicode.Scalar? {
        if code < 0x20 || (0x7F...0x9F).contains(code) { return nil }
        return Unicode.Scalar(code)
    }

    /// Keys sent as control bytes: Enter (CR, or LF without `nonl`), Tab, the two Backspace
    /// conventions (DEL and BS), and Ctrl-A through Ctrl-Z as `.control("a")` and so on.
    static func key(forControlByte code: UInt32) -> Key? {
        switch code {
        case ControlByte.carriageReturn, ControlByte.lineFeed:
            return .enter
        case ControlByte.tab:
            return .tab
        case ControlByte.backspace, ControlByte.delete:
            return .backspace
        case 1...26:
            guard let letter = Unicode.Scalar(UInt32(("a" as Unicode.Scalar).value) + code - 1) else { return nil }
            return .control(Character(letter))
        default:
            return nil
        }
    }

    /// Keys ncurses decodes from escape sequences (keypad mode).
    static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_DC: return .delete
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case KEY_SLEFT: return .shift(.left)
        case KEY_SRIGHT: return .shift(.right)
        case KEY_SR: return .shift(.up)
        case KEY_SF: return .shift(.down)
        default:
            if let control = controlArrowKeyCodes.first(where: { $0.code == code }) { return control.key }
            let functionNumber = Int(code) - Int(cnc_key_function(0))
            if (1...63).contains(functionNumber) { return .function(functionNumber) }
            return nil
        }
    }
}
