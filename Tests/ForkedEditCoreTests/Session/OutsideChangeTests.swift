import Forked
import Testing
@testable import ForkedEditCore

/// Another program changes the edited file while the editor runs: the change comes in as a
/// change on main, merged into both forks, and a save never replaces text the editor has not seen.
@Suite("Changes made to the file by other programs")
struct OutsideChangeTests {
    private func makeSession(_ text: String, writer: InMemoryDocumentWriter) throws -> EditorSession {
        try writer.write(text, toFile: "ext.txt")
        return try EditorSession(text: text, fileName: "ext.txt", columns: 80, rows: 24, writer: writer)
    }

    @Test("a save merges in a change made on disk since the file was opened instead of overwriting it")
    func saveMergesOutsideChange() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession("one\ntwo\nthree\n", writer: writer)
        writer.changeOutside("ext.txt", to: "one\ntwo\nthree\nfour (from another program)\n")
        try session.type("X<C-s>")
        #expect(writer.files["ext.txt"] == "Xone\ntwo\nthree\nfour (from another program)\n")
        #expect(session.message?.contains("another program") == true, "\(session.message ?? "")")
        #expect(try session.documents()["right"] == "Xone\ntwo\nthree\nfour (from another program)\n")
        #expect(!session.isModified)
    }

    @Test("the timer check brings an outside change into main and both panes before any save")
    func timerCheck() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession("alpha\nbeta\n", writer: writer)
        try session.type("<Down><End>!")
        #expect(!session.checkFileOnDiskIfDue(), "nothing changed on disk")
        writer.changeOutside("ext.txt", to: "ALPHA\nbeta\n")
        #expect(!session.checkFileOnDiskIfDue(), "checked at most once a second")
        #expect(session.checkFileOnDiskIfDue(now: .now + .seconds(2)))
        let documents = try session.documents()
        #expect(documents["main"] == "ALPHA\nbeta\n")
        #expect(documents["left"] == "ALPHA\nbeta!\n", "the fork keeps its own edit and takes in main's")
        #expect(documents["right"] == "ALPHA\nbeta\n")
        #expect(session.paneTexts == ["ALPHA\nbeta!\n", "ALPHA\nbeta\n"])
        #expect(session.message?.contains("changed by another program") == true)
        // Seen once: the next save writes the merged text without taking it in again.
        try session.type("<C-s>")
        #expect(writer.files["ext.txt"] == "ALPHA\nbeta!\n")
        #expect(session.message?.hasPrefix("Merged and saved") == true, "\(session.message ?? "")")
    }

    @Test("the once-a-second check reads the file only when its stamp changed since it was opened, read or saved")
    func checkReadsOnlyChangedFile() throws {
        let writer = InMemoryDocumentWriter()
        let session = try makeSession("alpha\nbeta\n", writer: writer)
        try session.type("!")
        for second in 1...5 {
            #expect(!session.checkFileOnDiskIfDue(now: .now + .seconds(2 * second)))
        }
        #expect(writer.readCounts["ext.txt", default: 0] == 0, "an unchanged file is not read")
        writer.changeOutside("ext.txt", to: "alpha\nbeta\ngamma\n")
        #expect(session.checkFileOnDiskIfDue(now: .now + .seconds(20)))
        #expect(writer.readCounts["ext.txt"] == 1)
        #expect(session.paneTexts[0] == "!alpha\nbeta\ngamma\n")
    }

    @Test("an outside change merges into main like a fork: main's own changes are kept, no helper fork is left")
    func outsideChangeMergesThroughAFork() throws {
        let resource = try ForkedResource(repository: InMemoryRepository<TextDocument>())
        try resource.update(.main, with: TextDocument(text: "one\ntwo\nthree\n", cursors: ["left": 3]))
        let left = Fork(name: "left")
        try resource.create(left)
        // Main moved on since the file was read (another process merged into it, or a sync exchange).
        try resource.update(.main, with: TextDocument(text: "one\ntwo\nthree\nfrom main\n", cursors: ["left": 3]))
        try OutsideChange.merge("ONE\ntwo\nthree\n", lastSeen: "one\ntwo\nthree\n", into: resource, forks: [left])
        #expect(try resource.value(in: .main) == TextDocument(text: "ONE\ntwo\nthree\nfrom main\n", cursors: ["left": 3]))
        #expect(try resource.value(in: left)?.text == "ONE\ntwo\nthree\nfrom main\n")
        #expect(resource.forks.map(\.name).sorted() == ["left", "main"])
        // The file holding what main holds changes nothing.
        try OutsideChange.merge("ONE\ntwo\nthree\nfrom main\n", lastSeen: "one\n", into: resource, forks: [left])
        #expect(try resource.value(in: .main)?.text == "ONE\ntwo\nthree\nfrom main\n")
    }

    @Test("a file that can no longer be read as text is not saved over")
    func unreadableFileIsNotOverwritten() throws {
        let writer = UnreadableAfterOpen()
        let session = try EditorSession(text: "text\n", fileName: "ext.txt", columns: 80, rows: 24, writer: writer)
        try session.type("more <C-s>")
        #expect(writer.writes == 0)
        #expect(session.message?.hasPrefix("Not saved") == true, "\(session.message ?? "")")
    }

    @Test("a refused file offers another name on the next Ctrl-S; a name that fails does not stick")
    func refusedSaveOffersAnotherName() throws {
        let writer = RefusingWriter()
        let session = try EditorSession(text: "text\n", fileName: "locked.txt", columns: 80, rows: 24, writer: writer)
        try session.type("a<C-s>")
        #expect(session.message == "Not saved: the file is read-only. Ctrl-S saves under another name")
        try session.type("<C-s>")
        #expect(session.prompt == .fileName(typed: ""))
        try session.type("missing/dir.txt<Enter>")
        #expect(session.fileName == "locked.txt", "the failed name does not stick")
        try session.type("<C-s>other.txt<Enter>")
        #expect(session.fileName == "other.txt")
        #expect(writer.written["other.txt"] == "atext\n")
        #expect(!session.isModified)
    }

    private final class RefusingWriter: DocumentWriter {
        var written: [String: String] = [:]
        func write(_ text: String, toFile path: String) throws {
            guard path == "other.txt" else {
                throw SaveRefusal(reason: path == "locked.txt" ? "the file is read-only" : "its directory cannot be written")
            }
            written[path] = text
        }
    }

    private final class UnreadableAfterOpen: DocumentWriter {
        var writes = 0
        struct NotText: Error {}
        func write(_ text: String, toFile path: String) throws { writes += 1 }
        func read(fromFile path: String) throws -> String? { throw NotText() }
    }
}
