import ForkedMerge
import Foundation
import Testing
@testable import ForkedEditCore

/// Versions kept in memory, as the file's history would give them.
final class ListedVersions: VersionSource {
    var texts: [String: [String]]   // fork → texts, oldest first

    init(_ texts: [String: [String]]) { self.texts = texts }

    func versions(of fork: String) throws -> [VersionSummary] {
        (texts[fork] ?? []).indices.reversed().map { index in
            VersionSummary(id: "\(fork)-\(index)", shortID: "v\(index + 1)", time: Date(timeIntervalSince1970: Double(index) * 60),
                           origin: fork, inserted: index, deleted: 0)
        }
    }

    func text(ofVersion id: String) throws -> VersionText {
        let parts = id.split(separator: "-")
        let list = texts[String(parts[0])] ?? []
        let text = list[Int(parts[1]) ?? 0]
        return VersionText(text: text, changes: [OriginRun(text: text, origin: .added)])
    }
}

/// Two versions of one fork, the newer's changes as the history gives them (a word diff).
final class ChangedVersions: VersionSource {
    let texts: [String]
    init(texts: [String]) { self.texts = texts }

    func versions(of fork: String) throws -> [VersionSummary] {
        texts.indices.reversed().map {
            VersionSummary(id: "\($0)", shortID: "v\($0 + 1)", time: Date(timeIntervalSince1970: 0), origin: fork, inserted: 1, deleted: 1)
        }
    }

    func text(ofVersion id: String) throws -> VersionText {
        let index = Int(id) ?? 0
        let old = index > 0 ? texts[index - 1] : ""
        let runs = TextDifference(from: old, to: texts[index]).segments.map { segment in
            OriginRun(text: segment.text, origin: segment.kind == .kept ? .unchanged : segment.kind == .inserted ? .added : .removed)
        }
        return VersionText(text: texts[index], changes: runs)
    }
}

@Suite("History view")
struct HistoryViewTests {

    func makeSession(_ versions: ListedVersions?) throws -> EditorSession {
        let session = try EditorSession(text: "now\n", fileName: "notes.txt", columns: 100, rows: 24, writer: InMemoryDocumentWriter())
        session.versionSource = versions
        return session
    }

    @Test("F4 shows the fork's newest version; Left and Right step through time, read-only; Esc returns unchanged")
    func browse() throws {
        let versions = ListedVersions(["left": ["first\n", "second\n", "third\n"]])
        let session = try makeSession(versions)
        try session.type("<F4>")
        var rows = session.render().plainTextRows()
        #expect(rows[0].contains("left @ v3"), "\(rows[0])")
        #expect(rows[0].contains("3 of 3"), "\(rows[0])")
        // The whole title fits half a 120-column screen; what changed comes first, so half a
        // 100-column screen shows it too.
        session.handle(.resize(columns: 120, rows: 24))
        let wide = session.render().plainTextRows()[0]
        #expect(wide.contains("+2 -0, 3 of 3, 19") && wide.contains(", left"), "\(wide)")
        session.handle(.resize(columns: 100, rows: 24))
        #expect(session.render().plainTextRows()[0].contains("+2 -0"), "\(session.render().plainTextRows()[0])")
        #expect(rows[1].hasPrefix("third"))
        try session.type("<Left><Left>")
        rows = session.render().plainTextRows()
        #expect(rows[1].hasPrefix("first"))
        #expect(session.screenContent().lower.title == "What v1 changed")
        try session.type("<Left>")
        #expect(session.message == "This is the oldest version kept")
        try session.type("xyz<Right>")
        #expect(session.historyView?.shown.shortID == "v2", "typing does nothing but explain the keys")
        #expect(session.paneTexts[0] == "now\n")
        try session.type("<Esc>")
        #expect(session.historyView == nil)
        #expect(session.paneTexts[0] == "now\n")
        #expect(session.render().plainTextRows()[1].hasPrefix("now"))
    }

    @Test("F4 opens at the version's first change, not at the top of a long document; stepping follows the changes")
    func opensAtTheChange() throws {
        let lines = (1...80).map { "line \($0)" }
        let first = lines.joined(separator: "\n") + "\n"
        let second = first.replacingOccurrences(of: "line 60\n", with: "line sixty\n")
        let third = second.replacingOccurrences(of: "line 10\n", with: "line ten\n")
        let versions = ChangedVersions(texts: [first, second, third])
        let session = try EditorSession(text: third, fileName: "notes.txt", columns: 100, rows: 30, writer: InMemoryDocumentWriter())
        session.versionSource = versions
        try session.type("<F4><Left>")
        // The second version changed line 60: far below where the third's change (line 10) was.
        let view = try #require(session.historyView)
        #expect(view.state.cursor.line == 59)
        #expect((52...59).contains(view.state.topLine), "\(view.state.topLine)")
        #expect(session.screenContent().lower.topLine == view.state.topLine, "what changed is shown from the same line")
        #expect(session.render().plainTextRows().contains { $0.contains("line sixty") })
        // The first version added every line: its changes are already in view, so the place stays.
        try session.type("<Left>")
        #expect(session.historyView?.state.topLine == view.state.topLine)
        try session.type("<Right><Right>")
        #expect(session.historyView.map { (0...9).contains($0.state.topLine) } == true, "\(String(describing: session.historyView?.state.topLine))")
    }

    @Test("Enter restores the shown version into the fork as one edit that Ctrl-Z undoes")
    func restore() throws {
        let versions = ListedVersions(["left": ["first\n", "second\n"]])
        let session = try makeSession(versions)
        try session.type("<F4><Left><Enter>")
        #expect(session.historyView == nil)
        #expect(session.paneTexts[0] == "first\n")
        #expect(try session.documents()["left"] == "first\n")
        #expect(session.message == "Restored left to version v1: ^Z undoes it")
        try session.type("<C-z>")
        #expect(session.paneTexts[0] == "now\n")
        #expect(try session.documents()["left"] == "now\n")
    }

    @Test("without a history, or before any version is kept, F4 says so")
    func nothingToShow() throws {
        let none = try makeSession(nil)
        try none.type("<F4>")
        #expect(none.historyView == nil)
        #expect(none.message?.hasPrefix("No history here") == true)
        let versions = ListedVersions([:])
        let empty = try makeSession(versions)
        try empty.type("<F4>")
        #expect(empty.historyView == nil)
        #expect(empty.message?.hasPrefix("No versions of left yet") == true)
    }
}
