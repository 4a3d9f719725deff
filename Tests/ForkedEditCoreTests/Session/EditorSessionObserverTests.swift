import Forked
import Testing
@testable import ForkedEditCore

/// Records what a session reports, and checks each edit against the fork's previous text.
private final class RecordingObserver: EditorSessionObserver {
    var edits: [DocumentEdit] = []
    var merges = 0
    var saves: [String] = []
    var replayed: [String: String]

    init(texts: [String: String]) {
        replayed = texts
    }

    func editorSession(_ session: EditorSession, didApply edit: DocumentEdit) {
        edits.append(edit)
        var bytes = Array((replayed[edit.fork.name] ?? "").utf8)
        bytes.replaceSubrange(edit.change.utf8Range, with: Array(edit.change.inserted.utf8))
        replayed[edit.fork.name] = String(decoding: bytes, as: UTF8.self)
    }

    func editorSession(_ session: EditorSession, performMerge merge: () throws -> Void) throws {
        merges += 1
        try merge()
        // After a merge the forks hold new texts: replays continue from them.
        for fork in session.forks { replayed[fork.name] = try session.resource.value(in: fork)?.text ?? "" }
    }

    func editorSession(_ session: EditorSession, didSave text: String, toFile path: String) {
        saves.append(text)
    }
}

@Suite("EditorSession observer")
struct EditorSessionObserverTests {

    @Test("every reported edit, applied to the fork's previous text, gives the fork's new text and cursor")
    func editsReplayExactly() throws {
        let text = "naïve café\n👩‍💻 line two\nthird"
        let session = try EditorSession(text: text, fileName: "f.txt", columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        let observer = RecordingObserver(texts: ["left": text, "right": text])
        session.observer = observer
        try session.type("<Right><Right><Right>X<BS><BS><Down>é<Enter>y<C-z><C-z><Del>")
        // A combining mark joins the character before the cursor: the edit is still exact.
        session.handle(.key(.text("\u{301}")))
        try session.type("<Tab><Down><Down><End> more<Left><Left><BS><Home><Del><Del>")
        for fork in session.forks {
            #expect(observer.replayed[fork.name] == (try session.resource.value(in: fork)?.text))
        }
        #expect(observer.edits.count > 10)
        let last = try #require(observer.edits.last)
        #expect(last.fork == Fork(name: "right"))
        #expect(try session.resource.value(in: last.fork)?.cursors["right"] == last.cursorUTF8Offset)
        #expect(try session.resource.mostRecentVersion(of: last.fork) == last.version)
        #expect(observer.edits.map(\.version) == observer.edits.map(\.version).sorted(), "versions order the edits")

        try session.type("<F5>")
        #expect(observer.merges == 1)
        try session.type("z<C-s>")
        #expect(observer.merges == 2)
        #expect(observer.saves == [try session.resource.value(in: .main)?.text ?? ""])
        for fork in session.forks {
            #expect(observer.replayed[fork.name] == (try session.resource.value(in: fork)?.text))
        }
    }

    @Test("a session opened on an existing resource shows each fork with its cursor; a read-only pane refuses edits")
    func openOnResourceWithReadOnlyPane() throws {
        let resource = try TextDocumentResource(repository: AnyRepository(InMemoryRepository<TextDocument>()))
        try resource.update(.main, with: TextDocument(text: "shared\n"))
        try resource.create(Fork(name: "mine"))
        try resource.create(Fork(name: "theirs"))
        try resource.update(Fork(name: "theirs"), with: TextDocument(text: "shared by them\n", cursors: ["theirs": 14]))
        let session = try EditorSession(
            resource: resource, forkNames: ["mine", "theirs"], readOnlyPanes: [1], fileName: nil,
            columns: 80, rows: 24, writer: InMemoryDocumentWriter()
        )
        #expect(session.paneTexts == ["shared\n", "shared by them\n"])
        #expect(session.panes[1].state.cursor == TextPosition(line: 0, column: 14))
        #expect(try session.stateDescription(ofPane: 1) == "read-only, 1 change ahead")
        try session.type("<Tab>x")
        #expect(try resource.value(in: Fork(name: "theirs"))?.text == "shared by them\n")
        #expect(session.message == "theirs is read-only here: another process edits it")
        try session.type("<Tab><End>!<F5>")
        #expect(try resource.value(in: .main)?.text == "shared!\n", "only the editable fork merges")
        #expect(try resource.status(of: Fork(name: "theirs")) != .inSync)

        #expect(throws: EditorSessionError.missingFork("nobody")) {
            try EditorSession(resource: resource, forkNames: ["mine", "nobody"], fileName: nil,
                              columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        }
        #expect(throws: EditorSessionError.invalidForkNames(["main", "mine"])) {
            try EditorSession(resource: resource, forkNames: ["main", "mine"], fileName: nil,
                              columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        }
    }
}
