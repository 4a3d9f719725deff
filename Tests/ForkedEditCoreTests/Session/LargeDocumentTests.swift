import Foundation
import Testing
@testable import ForkedEditCore

/// Checks that big documents stay responsive. The timing test only runs when
/// `FORKED_EDIT_PERF=1` (timings on a shared build machine are too noisy for every run);
/// the correctness checks always run.
@Suite("Large documents")
struct LargeDocumentTests {
    static func megabyteDocument() -> String {
        var text = ""
        var line = 0
        while text.utf8.count < 1_000_000 {
            text += "Line \(line): the quick brown fox jumps over the lazy dog, 漢字 and é.\n"
            line += 1
        }
        return text
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    @Test("a megabyte document edits in both forks and merges")
    func megabyteEdits() throws {
        let text = Self.megabyteDocument()
        let session = try EditorSession(text: text, fileName: nil, columns: 120, rows: 40, writer: InMemoryDocumentWriter())
        session.handle(.key(.pageDown))
        session.handle(.key(.text("left was here ")))
        session.handle(.key(.tab))
        for _ in 0..<5 { session.handle(.key(.pageDown)) }
        session.handle(.key(.text("right was here ")))
        session.handle(.key(.function(5)))
        let merged = try #require(try session.documents()["main"])
        #expect(merged.utf8.count == text.utf8.count + "left was here ".utf8.count + "right was here ".utf8.count)
        #expect(merged.contains("left was here Line 17:"))
        #expect(merged.contains("right was here Line 85:"))
        #expect(session.panes[1].state.cursor == TextPosition(line: 85, column: 15))
    }

    @Test("keystrokes in a megabyte document and on a 20,000 character line are fast",
          .enabled(if: ProcessInfo.processInfo.environment["FORKED_EDIT_PERF"] == "1"))
    func keystrokeTiming() throws {
        let text = Self.megabyteDocument()
        var session: EditorSession?
        let open = try Self.seconds {
            session = try EditorSession(text: text, fileName: nil, columns: 120, rows: 40, writer: InMemoryDocumentWriter())
        }
        let editor = try #require(session)
        for _ in 0..<200 { editor.handle(.key(.pageDown)) }
        var grid = editor.render()
        let typing = Self.seconds {
            for character in "typing in the middle" {
                editor.handle(.key(.text(String(character))))
                grid = editor.render()
            }
        }
        let moving = Self.seconds {
            for _ in 0..<20 {
                editor.handle(.key(.down))
                grid = editor.render()
            }
        }
        let merge = try Self.seconds { try editor.perform(.merge) }
        let long = try EditorSession(text: String(repeating: "0123456789", count: 2_000), fileName: nil,
                                     columns: 120, rows: 40, writer: InMemoryDocumentWriter())
        long.handle(.key(.end))
        let longTyping = Self.seconds {
            for _ in 0..<20 {
                long.handle(.key(.text("x")))
                grid = long.render()
            }
        }
        print("""
            1 MB open: \(open) s; per keystroke: typing \(typing / 20) s, moving \(moving / 20) s; \
            merge: \(merge) s; 20,000-character line typing: \(longTyping / 20) s per key; \(grid.rows) rows
            """)
        #expect(typing / 20 < 0.5)
        #expect(longTyping / 20 < 0.1)
    }
}
