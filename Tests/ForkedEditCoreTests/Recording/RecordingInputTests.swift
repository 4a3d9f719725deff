import Testing
@testable import ForkedEditCore

/// A live terminal that hands out a fixed list of events, one per wait.
private final class LiveKeys: InputSource {
    var pending: [InputEvent]
    init(_ pending: [InputEvent]) { self.pending = pending }
    func nextEvent(timeoutMilliseconds: Int) throws -> InputEvent? { pending.isEmpty ? nil : pending.removeFirst() }
}

@Suite("RecordingInput")
struct RecordingInputTests {
    let recording = Recording(
        header: RecordingHeader(columns: 80, rows: 24, document: ""),
        events: [
            RecordingEvent(time: 0, kind: .keys([.text("a"), .text("b")])),
            RecordingEvent(time: 0.1, kind: .resize(columns: 90, rows: 30)),
            RecordingEvent(time: 0.2, kind: .keys([.text("c")])),
        ]
    )

    @Test("without pacing every recorded event comes at once, resizes included, then the input is exhausted")
    func instant() throws {
        let input = RecordingInput(recording, speed: nil)
        var events: [InputEvent] = []
        while let event = try input.nextEvent(timeoutMilliseconds: 10) { events.append(event) }
        #expect(events == [.key(.text("a")), .key(.text("b")), .resize(columns: 90, rows: 30), .key(.text("c"))])
        #expect(input.isExhausted)
        #expect(input.currentTime == 0.2)
    }

    @Test("paced on a live terminal: its resizes pass, recorded ones are skipped, Esc stops the replay")
    func paced() throws {
        let live = LiveKeys([.resize(columns: 100, rows: 40), .key(.text("x")), .key(.escape)])
        let input = RecordingInput(recording, speed: 0.001, live: live)
        var events: [InputEvent] = []
        for _ in 0..<10 {
            if let event = try input.nextEvent(timeoutMilliseconds: 1) { events.append(event) }
            if input.isExhausted { break }
        }
        #expect(events.contains(.resize(columns: 100, rows: 40)))
        #expect(!events.contains(.resize(columns: 90, rows: 30)), "the live terminal's size wins")
        #expect(!events.contains(.key(.text("x"))), "keys typed during a replay are not edits")
        #expect(input.wasStopped)
        #expect(input.isExhausted)
    }
}
