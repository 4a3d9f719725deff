import Foundation
import Testing
@testable import ForkedEditCore

@Suite("Asciicast")
struct AsciicastWriterTests {
    @Test("the encoder redraws fully first, then only changed rows, with styles and cursor")
    func encoder() {
        var encoder = AnsiScreenEncoder()
        var grid = CellGrid(columns: 4, rows: 2)
        grid.write("ab", row: 0, column: 0, limit: 4, style: CellStyle(foreground: .green, bold: true))
        grid.cursor = (0, 2)
        let first = encoder.encode(grid)
        #expect(first.contains("\u{1B}[2J"))
        #expect(first.contains("\u{1B}[0;1;32mab"))
        #expect(first.hasSuffix("\u{1B}[1;3H\u{1B}[?25h"))
        grid.write("漢", row: 1, column: 0, limit: 4)
        let second = encoder.encode(grid)
        #expect(!second.contains("\u{1B}[2J"))
        #expect(!second.contains("\u{1B}[1;1H"))
        #expect(second.contains("\u{1B}[2;1H\u{1B}[0m漢  "))
    }

    @Test("the cast is a v2 header then output events that parse as JSON")
    func cast() throws {
        let sink = InMemoryLineSink()
        let writer = try AsciicastWriter(columns: 4, rows: 2, title: "t", sink: sink)
        try writer.frame(CellGrid(columns: 4, rows: 2), at: 0)
        try writer.frame(CellGrid(columns: 5, rows: 2), at: 1.5)
        #expect(sink.lines[0] == "{\"version\": 2, \"width\": 4, \"height\": 2, \"title\": \"t\"}")
        #expect(sink.lines[2] == "[1.500, \"r\", \"5x2\"]")
        for line in sink.lines {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
        }
        let event = try #require(try JSONSerialization.jsonObject(with: Data(sink.lines[1].utf8)) as? [Any])
        #expect(event[1] as? String == "o")
        #expect((event[2] as? String)?.hasPrefix("\u{1B}[?25l") == true)
    }
}
