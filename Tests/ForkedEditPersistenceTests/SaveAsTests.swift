import Forked
import ForkedEditCore
@testable import ForkedEditPersistence
import ForkedHistory
import Foundation
import Testing

/// Save As (Ctrl-O) makes the document another file: the edits that follow are journaled beside
/// that file, so a crash after it is recovered where the user will look.
@Suite("Persistent document: Save As moves the editing state")
struct SaveAsTests {
    /// Ctrl-O, the prompt's text (the current name) erased, `path` typed and Enter.
    private func saveAs(_ path: String, into session: EditorSession) throws {
        try type("<C-o>", into: session)
        for _ in 0..<((session.fileName ?? "").count) { session.handle(.key(.backspace)) }
        session.handle(.key(.text(path)))
        session.handle(.key(.enter))
    }

    /// The scratch file's document opened with a session that saves real files.
    private func contents(_ directory: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    private func mainTexts(inHistoryAt directory: URL) throws -> [String] {
        let history = History<TextDocument>(store: try FileCommitStore(directory: directory))
        return try history.log(from: try history.heads()["main"]).map { try history.value(at: $0.commit.id).text }
    }

    @Test("edits after Save As are journaled beside the new file and recovered from it after a crash")
    func editsFollowTheNewName() throws {
        let scratch = try ScratchFile(text: "draft\n")
        let other = scratch.directory.appendingPathComponent("final.txt")
        let (document, session) = try scratch.openWithSession()
        try type("one <C-s>two ", into: session)
        try saveAs(other.path, into: session)
        #expect(session.fileName == other.path)
        #expect(try String(contentsOf: other, encoding: .utf8) == "one two draft\n")
        #expect(scratch.text == "one draft\n", "the old file keeps what was last saved to it")
        #expect(document.layout == ForkedDirectoryLayout(file: other))
        #expect(session.message?.contains("kept beside") == false, "\(session.message ?? "")")
        try type("three ", into: session)
        try document.flushJournals()

        // A crash now: the copy is opened as the editor would after a kill -9.
        let crashed = try scratch.copy()
        let reopened = try PersistentDocument.open(
            file: crashed.directory.appendingPathComponent("final.txt"), ownForks: [Fork(name: "left"), Fork(name: "right")],
            fileText: try String(contentsOf: crashed.directory.appendingPathComponent("final.txt"), encoding: .utf8)
        )
        #expect(try reopened.resource.value(in: Fork(name: "left"))?.text == "one two three draft\n")
        #expect(try reopened.resource.value(in: Fork(name: "right"))?.text == "one two draft\n")
        try reopened.close()

        // The old directory holds only its history; the new one has a copy of it and goes on.
        #expect(try contents(scratch.layout.directory).isSubset(of: ["history", "open.lock"]))
        try document.close()
        let earlier = try mainTexts(inHistoryAt: scratch.layout.history)
        let later = try mainTexts(inHistoryAt: document.layout.history)
        #expect(earlier.contains("one draft\n"))
        #expect(later.contains("one draft\n") && later.contains("one two draft\n"), "\(later)")
    }

    @Test("a document not edited yet makes its state directory beside the new file at its first edit")
    func unstoredDocumentMovesLazily() throws {
        let scratch = try ScratchFile(text: "plain\n")
        let other = scratch.directory.appendingPathComponent("copy.txt")
        let (document, session) = try scratch.openWithSession()
        try saveAs(other.path, into: session)
        #expect(try String(contentsOf: other, encoding: .utf8) == "plain\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.layout.directory.path))
        #expect(!FileManager.default.fileExists(atPath: document.layout.directory.path), "nothing is written before an edit")
        try type("x", into: session)
        #expect(document.isStored)
        #expect(document.layout.directory.lastPathComponent == ".copy.txt.forked")
        #expect(!FileManager.default.fileExists(atPath: scratch.layout.directory.path))
        try document.close()
    }

    @Test("a file with a state directory of its own leaves the edits beside the old file, and the status line says so")
    func targetWithStateKeepsTheOldPlace() throws {
        let scratch = try ScratchFile(text: "mine\n")
        let other = scratch.directory.appendingPathComponent("theirs.txt")
        try "theirs\n".write(to: other, atomically: true, encoding: .utf8)
        do {
            let theirs = try PersistentDocument.open(file: other, ownForks: [Fork(name: "left"), Fork(name: "right")], fileText: "theirs\n")
            try type("unsaved ", into: try theirs.session())
            try theirs.close()
        }
        let theirState = ForkedDirectoryLayout(file: other)
        let before = try contents(theirState.journals)

        let (document, session) = try scratch.openWithSession()
        try type("edited ", into: session)
        try saveAs(other.path, into: session)
        #expect(try String(contentsOf: other, encoding: .utf8) == "edited mine\n")
        #expect(session.message?.contains("edits are still kept beside notes.txt, not theirs.txt") == true, "\(session.message ?? "")")
        #expect(document.layout == scratch.layout)
        #expect(try contents(theirState.journals) == before, "the other file's state is not touched")
        // The old file's record of its own saved text is not overwritten by the other file's.
        #expect(try String(contentsOf: scratch.layout.savedText, encoding: .utf8) == "mine\n")
        try type("more ", into: session)
        try document.close()
        let reopened = try scratch.open()
        #expect(try reopened.resource.value(in: Fork(name: "left"))?.text == "edited more mine\n")
        #expect(!reopened.report.mergedExternalChange, "notes.txt itself did not change")
        try reopened.close()
    }

    @Test("forks shared with other processes stay beside the file they share")
    func sharedForksStay() throws {
        let scratch = try ScratchFile(text: "shared\n")
        let other = scratch.directory.appendingPathComponent("elsewhere.txt")
        let (document, session) = try scratch.openWithSession(forks: ["alice"], shared: true)
        try type("hi ", into: session)
        try saveAs(other.path, into: session)
        #expect(try String(contentsOf: other, encoding: .utf8) == "hi shared\n")
        #expect(session.message?.contains("its forks are shared from there with other processes (--fork) or devices (--sync)") == true, "\(session.message ?? "")")
        #expect(document.layout == scratch.layout)
        #expect(!FileManager.default.fileExists(atPath: ForkedDirectoryLayout(file: other).directory.path))
        try document.close()
    }
}
