import Testing
@testable import ForkedEditCore

@Suite("Session recording")
struct RecordingTests {
    @Test("recorder output reads back as the same session")
    func roundTrip() throws {
        let sink = InMemoryLineSink()
        let header = RecordingHeader(columns: 80, rows: 24, document: "a \"quoted\"\nline\twith tab and 漢字 \u{1}", fileName: "x.txt")
        let recorder = try RecordingWriter(header: header, sink: sink)
        try recorder.record(.key(.text("hé<")), at: 0.25)
        try recorder.record(.key(.control("s")), at: 1)
        try recorder.record(.resize(columns: 100, rows: 30), at: 2.5)
        try recorder.record(.key(.alt(">")), at: 3.0004)
        #expect(sink.lines[0].hasPrefix("{\"forked-edit-session\": 1, \"cols\": 80, \"rows\": 24, \"forks\": [\"left\", \"right\"], \"document\": "))
        #expect(sink.lines[1] == "[0.250, \"k\", \"hé<lt>\"]")
        #expect(sink.lines[3] == "[2.500, \"r\", \"100x30\"]")
        let recording = try RecordingReader.read(sink.text)
        #expect(recording.header == header)
        #expect(recording.events == [
            RecordingEvent(time: 0.25, kind: .keys([.text("hé<")])),
            RecordingEvent(time: 1, kind: .keys([.control("s")])),
            RecordingEvent(time: 2.5, kind: .resize(columns: 100, rows: 30)),
            RecordingEvent(time: 3, kind: .keys([.alt(">")])),
        ])
        #expect(try RecordingReader.read(recording.jsonLines) == recording)
    }

    @Test("hand-written events may hold several keys")
    func severalKeys() throws {
        let text = """
        {"forked-edit-session": 1, "cols": 40, "rows": 12, "document": ""}

        [0, "k", "hello<Enter>world<C-q>"]
        """
        let recording = try RecordingReader.read(text)
        #expect(recording.header.forks == ["left", "right"])
        #expect(recording.events[0].inputEvents == [.key(.text("hello")), .key(.enter), .key(.text("world")), .key(.control("q"))])
    }

    @Test("problems are reported with their line number", arguments: [
        ("", 1, "empty session"),
        ("{\"cols\": 1}", 1, "missing \"forked-edit-session\""),
        ("{\"forked-edit-session\": 2, \"cols\": 80, \"rows\": 24, \"document\": \"\"}", 1, "version 2"),
        ("{\"forked-edit-session\": 1, \"cols\": 0, \"rows\": 24, \"document\": \"\"}", 1, "bad screen size"),
        ("{\"forked-edit-session\": 1, \"cols\": 80, \"rows\": 24, \"document\": \"\"}\n[0, \"k\", \"<Nope>\"]", 2, "unknown key <Nope>"),
        ("{\"forked-edit-session\": 1, \"cols\": 80, \"rows\": 24, \"document\": \"\"}\n[0, \"k\", \"a\"]\n[1, \"r\", \"80by24\"]", 3, "bad resize"),
        ("{\"forked-edit-session\": 1, \"cols\": 80, \"rows\": 24, \"document\": \"\"}\n[0, \"z\", \"a\"]", 2, "unknown event kind"),
        ("{\"forked-edit-session\": 1, \"cols\": 80, \"rows\": 24, \"document\": \"\"}\nnot json", 2, "not valid JSON"),
        ("{\"forked-edit-session\": 1, \"cols\": 80, \"rows\": 24, \"document\": \"\"}\n[-1, \"k\", \"a\"]", 2, "bad time"),
    ])
    func errors(text: String, line: Int, reason: String) {
        do {
            _ = try RecordingReader.read(text)
            Issue.record("expected an error")
        } catch let error as RecordingReadError {
            #expect(error.line == line)
            #expect(error.reason.contains(reason), "\(error.reason)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
