import CNcurses
import ForkedEditCore
import Testing
@testable import ForkedEditTerminal

/// Feeds raw items to the decoder the way the terminal does: the first read may wait, later
/// reads only see what is already queued.
private func decodeAll(_ items: [RawTerminalInput]) -> [InputEvent?] {
    var queue = items[...]
    var decoder = TerminalInputDecoder()
    var events: [InputEvent?] = []
    while !queue.isEmpty || decoder.hasPendingInput {
        let read = { () -> RawTerminalInput? in queue.popFirst() }
        events.append(decoder.nextEvent(readFirst: read, readWaiting: read))
    }
    return events
}

private func characters(_ text: String) -> [RawTerminalInput] {
    text.unicodeScalars.map { .character($0.value) }
}

@Suite("Terminal input decoding")
struct TerminalInputDecoderTests {
    @Test("Both Backspace conventions and KEY_BACKSPACE are backspace")
    func backspaceVariants() {
        #expect(decodeAll([.character(127), .character(8), .keyCode(KEY_BACKSPACE)])
            == [.key(.backspace), .key(.backspace), .key(.backspace)])
    }

    @Test("Enter arrives as CR, LF or the keypad Enter key")
    func enterVariants() {
        #expect(decodeAll([.character(13), .character(10), .keyCode(KEY_ENTER)])
            == [.key(.enter), .key(.enter), .key(.enter)])
    }

    @Test("Control bytes 1...26 are control chords, except Tab, Backspace and Enter")
    func controlChords() {
        #expect(decodeAll([.character(1), .character(17), .character(19), .character(26), .character(9)])
            == [.key(.control("a")), .key(.control("q")), .key(.control("s")), .key(.control("z")), .key(.tab)])
    }

    @Test("Escape alone is Escape; Escape then a character already waiting is Alt")
    func escapeAndAlt() {
        #expect(decodeAll([.character(27)]) == [.key(.escape)])
        #expect(decodeAll([.character(27), .character(UInt32(("x" as Unicode.Scalar).value))]) == [.key(.alt("x"))])
    }

    @Test("Escape followed by a key code yields Escape, then the key")
    func escapeThenArrow() {
        #expect(decodeAll([.character(27), .keyCode(KEY_UP)]) == [.key(.escape), .key(.up)])
    }

    @Test("An escape sequence ncurses did not recognise is swallowed, not typed")
    func unknownSequences() {
        #expect(decodeAll([.character(27)] + characters("[1;2Ax")) == [nil, .key(.text("x"))])
        #expect(decodeAll([.character(27)] + characters("OQ")) == [nil])
    }

    @Test("Alt-[ and Alt-O with nothing sequence-like behind them stay Alt chords")
    func altBracket() {
        #expect(decodeAll([.character(27)] + characters("[")) == [.key(.alt("["))])
        #expect(decodeAll([.character(27)] + characters("O") + [.keyCode(KEY_UP)]) == [.key(.alt("O")), .key(.up)])
        #expect(decodeAll([.character(27)] + characters("[") + [.character(13)]) == [.key(.alt("[")), .key(.enter)])
    }

    @Test("Printable characters already waiting become one text event")
    func pasteIsCoalesced() {
        #expect(decodeAll(characters("héllo, 世界") + [.character(13)] + characters("ok"))
            == [.key(.text("héllo, 世界")), .key(.enter), .key(.text("ok"))])
    }

    @Test("A combining mark typed after its base joins the same text event")
    func combiningMarks() {
        #expect(decodeAll(characters("e\u{301}")) == [.key(.text("e\u{301}"))])
    }

    @Test("Navigation and function keys map from ncurses key codes")
    func keyCodes() {
        let codes: [Int32] = [KEY_LEFT, KEY_RIGHT, KEY_UP, KEY_DOWN, KEY_HOME, KEY_END, KEY_PPAGE, KEY_NPAGE, KEY_DC,
                              cnc_key_function(1), cnc_key_function(5), cnc_key_function(12)]
        let expected: [Key] = [.left, .right, .up, .down, .home, .end, .pageUp, .pageDown, .delete,
                               .function(1), .function(5), .function(12)]
        #expect(decodeAll(codes.map(RawTerminalInput.keyCode)) == expected.map(InputEvent.key))
    }

    @Test("Unknown key codes and control bytes produce no event")
    func unknownInputIsIgnored() {
        #expect(decodeAll([.keyCode(KEY_IC), .character(0), .character(0x9B), .character(28)]) == [nil, nil, nil, nil])
    }

    @Test("A resize is reported with its size")
    func resize() {
        #expect(decodeAll([.resize(columns: 90, rows: 20)]) == [.resize(columns: 90, rows: 20)])
    }

    @Test("A long paste is split so the editor can redraw in between")
    func longPasteIsSplit() {
        let length = TerminalInputDecoder.longestTextRun + 10
        let events = decodeAll(Array(repeating: .character(UInt32(("a" as Unicode.Scalar).value)), count: length))
        #expect(events == [
            .key(.text(String(repeating: "a", count: TerminalInputDecoder.longestTextRun))),
            .key(.text(String(repeating: "a", count: 10))),
        ])
    }

    @Test("Nothing to read yields nil without consuming anything")
    func emptyInput() {
        var decoder = TerminalInputDecoder()
        #expect(decoder.nextEvent(readFirst: { nil }, readWaiting: { nil }) == nil)
        #expect(!decoder.hasPendingInput)
    }

    @Test("A bracketed paste is one paste event with its tabs and line breaks, however it is split")
    func bracketedPaste() {
        let pasted: [RawTerminalInput] = [.keyCode(TerminalInputDecoder.pasteStartKeyCode)]
            + characters("a\tb\rc") + [.character(27)] + characters("d")
            + [.keyCode(TerminalInputDecoder.pasteEndKeyCode)] + [.character(9)]
        #expect(decodeAll(pasted) == [.key(.paste("a\tb\rcd")), .key(.tab)])

        // The rest of the paste arrives after a pause: nothing is reported until the end marker.
        var decoder = TerminalInputDecoder()
        var first = ([.keyCode(TerminalInputDecoder.pasteStartKeyCode)] + characters("x\t"))[...]
        let none = { () -> RawTerminalInput? in nil }
        #expect(decoder.nextEvent(readFirst: { first.popFirst() }, readWaiting: { first.popFirst() }) == nil)
        var rest = (characters("y") + [.keyCode(TerminalInputDecoder.pasteEndKeyCode)])[...]
        #expect(decoder.nextEvent(readFirst: { rest.popFirst() }, readWaiting: none) == nil)
        #expect(decoder.nextEvent(readFirst: { rest.popFirst() }, readWaiting: { rest.popFirst() }) == .key(.paste("x\ty")))
    }
}
