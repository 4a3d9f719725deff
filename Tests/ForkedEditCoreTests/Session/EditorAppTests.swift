import Testing
@testable import ForkedEditCore

/// A terminal that plays back a fixed list of events and keeps what was drawn.
final class ScriptedBackend: TerminalBackend {
    var size: (columns: Int, rows: Int)
    private var events: [InputEvent]
    private(set) var drawn: [CellGrid] = []
    private(set) var shutdownCount = 0
    private(set) var timeouts: [Int] = []
    private(set) var copied: [String] = []

    init(columns: Int, rows: Int, events: [InputEvent]) {
        size = (columns, rows)
        self.events = events
    }

    func draw(_ grid: CellGrid) throws { drawn.append(grid) }

    func nextEvent(timeoutMilliseconds: Int) throws -> InputEvent? {
        timeouts.append(timeoutMilliseconds)
        return events.isEmpty ? nil : events.removeFirst()
    }

    func shutdown() { shutdownCount += 1 }

    func copyToSystemClipboard(_ text: String) { copied.append(text) }
}

@Suite("EditorApp")
struct EditorAppTests {
    @Test("runs until quit, drawing after every event and recording every event")
    func runLoop() throws {
        let keys: [Key] = [.text("hi "), .tab, .end, .text(" yo"), .function(5), .control("q"), .text("n")]
        let backend = ScriptedBackend(columns: 60, rows: 16, events: keys.map(InputEvent.key))
        let session = try EditorSession(text: "doc\n", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        let sink = InMemoryLineSink()
        let recorder = try RecordingWriter(header: RecordingHeader(columns: 60, rows: 16, document: "doc\n"), sink: sink)
        var tick = 0.0
        let app = EditorApp(session: session, backend: backend, recorder: recorder, clock: { tick += 0.5; return tick })
        try app.run()
        #expect(session.isFinished)
        #expect(backend.shutdownCount == 1)
        #expect(backend.drawn.count == keys.count + 1)
        #expect(backend.drawn[0].columns == 60)
        #expect(backend.timeouts.allSatisfy { $0 > 0 })
        #expect(try session.documents()["main"] == "hi doc yo\n")
        let recording = try RecordingReader.read(sink.text)
        #expect(recording.events.flatMap(\.inputEvents) == keys.map(InputEvent.key))
        // Replaying the recording ends in the same state the live run did.
        let replay = try HeadlessReplayer.replay(recording)
        #expect(replay.documents == (try session.documents()))
        #expect(replay.grid.plainTextRows() == backend.drawn.last?.plainTextRows())
    }

    @Test("with the live merge deferred, a key's frame shows the pane at once and the next frame the merge, ending as without")
    func deferredLiveMerge() throws {
        let keys: [Key] = [.text("hi "), .tab, .end, .text(" yo"), .text("!"), .function(5), .text("z"), .control("q"), .text("n")]
        let backend = ScriptedBackend(columns: 60, rows: 16, events: keys.map(InputEvent.key))
        let session = try EditorSession(text: "doc\n", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        session.defersLiveMerge = true
        try EditorApp(session: session, backend: backend, clock: { 0.5 }).run()
        // Every edit draws twice: first the pane with the merge as it was, then the merge.
        let edits = 4
        #expect(backend.drawn.count == 1 + keys.count + edits)
        let typed = backend.drawn[1].plainTextRows().joined(separator: "\n")
        let merged = backend.drawn[2].plainTextRows().joined(separator: "\n")
        #expect(typed.components(separatedBy: "hi doc").count == 2, "the left pane shows the key, the live merge not yet: \(typed)")
        #expect(merged.components(separatedBy: "hi doc").count == 3, "the live merge follows: \(merged)")
        // The same keys without deferring end in the same documents and screen.
        let plain = ScriptedBackend(columns: 60, rows: 16, events: keys.map(InputEvent.key))
        let reference = try EditorSession(text: "doc\n", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        try EditorApp(session: reference, backend: plain, clock: { 0.5 }).run()
        #expect(try session.documents() == reference.documents())
        #expect(backend.drawn.last?.plainTextRows() == plain.drawn.last?.plainTextRows())
        #expect(session.liveMerge.text == reference.liveMerge.text)
    }

    @Test("cut and copy also go to the terminal's system clipboard, once each")
    func systemClipboard() throws {
        let keys: [Key] = [.shift(.right), .shift(.right), .control("c"), .text("x"), .control("q"), .text("n")]
        let backend = ScriptedBackend(columns: 60, rows: 16, events: keys.map(InputEvent.key))
        let session = try EditorSession(text: "doc\n", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        try EditorApp(session: session, backend: backend, clock: { 0.5 }).run()
        #expect(backend.copied == ["do"])
    }

    @Test("a backend that never waits is an error, not a spinning loop")
    func nonWaitingBackend() throws {
        let backend = ScriptedBackend(columns: 80, rows: 24, events: [])
        let session = try EditorSession(text: "", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        let app = EditorApp(session: session, backend: backend, clock: { 0 })
        #expect(throws: EditorAppError.backendDoesNotWait) { try app.run() }
        #expect(backend.shutdownCount == 1)
    }

    @Test("an asciicast gets one output event per drawn screen")
    func cast() throws {
        let backend = ScriptedBackend(columns: 40, rows: 12, events: [.key(.text("a")), .key(.control("q")), .key(.text("n"))])
        let session = try EditorSession(text: "", fileName: nil, columns: 40, rows: 12, writer: InMemoryDocumentWriter())
        let sink = InMemoryLineSink()
        let cast = try AsciicastWriter(columns: 40, rows: 12, sink: sink)
        try EditorApp(session: session, backend: backend, cast: cast, clock: { 1 }).run()
        #expect(sink.lines.count == 1 + 4)
        #expect(sink.lines.dropFirst().allSatisfy { $0.hasPrefix("[1.000, \"o\", ") })
    }
}
