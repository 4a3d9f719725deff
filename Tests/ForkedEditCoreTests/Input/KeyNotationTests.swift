import Testing
@testable import ForkedEditCore

@Suite("KeyNotation")
struct KeyNotationTests {
    @Test("every kind of key survives format then parse")
    func roundTrip() throws {
        let keys: [Key] = [
            .text("héllo 漢字 👩‍💻"), .tab, .enter, .backspace, .delete, .escape, .left, .right, .up, .down,
            .home, .end, .pageUp, .pageDown, .function(1), .function(12), .control("a"), .control("z"),
            .alt("x"), .text("a<b"), .alt("<"), .alt(">"), .text(">"),
        ]
        let notation = KeyNotation.format(keys)
        #expect(try KeyNotation.parse(notation) == keys)
    }

    @Test("notation is written as documented")
    func format() {
        #expect(KeyNotation.format([.text("a<"), .enter, .control("s"), .function(5), .pageDown, .alt("q")])
            == "a<lt><Enter><C-s><F5><PgDn><A-q>")
    }

    @Test("plain characters and <lt> form one text key, like a paste")
    func textRuns() throws {
        #expect(try KeyNotation.parse("ab<lt>c<BS>d") == [.text("ab<c"), .backspace, .text("d")])
        #expect(try KeyNotation.parse("") == [])
        #expect(try KeyNotation.parse("<C-A>") == [.control("a")])
    }

    @Test("bad notation is an error naming its position", arguments: [
        ("ab<Foo>", 2), ("<Enter", 0), ("x<", 1), ("<F0>", 0), ("<C-1>", 0), ("<C-ab>", 0),
    ])
    func errors(notation: String, position: Int) {
        #expect(throws: KeyNotationError.self) { try KeyNotation.parse(notation) }
        do {
            _ = try KeyNotation.parse(notation)
        } catch let error as KeyNotationError {
            #expect(error.position == position)
            #expect(error.description.contains("character \(position)"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
