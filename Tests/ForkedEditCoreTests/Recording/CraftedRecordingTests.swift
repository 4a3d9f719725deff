import Testing
@testable import ForkedEditCore

/// A live terminal on which nothing happens.
private final class QuietTerminal: InputSource {
    func nextEvent(timeoutMilliseconds: Int) throws -> InputEvent? { nil }
}

/// Recordings with times no session reaches, as a damaged or hand-made file could hold. Turning
/// such a time into milliseconds trapped (a `Double` past `Int.max` converted to `Int`).
@Suite("Crafted recordings")
struct CraftedRecordingTests {
    private let header = "{\"forked-edit-session\": 1, \"cols\": 80, \"rows\": 24, \"document\": \"\"}"

    @Test("an event time past what a replay can wait for is refused when read", arguments: ["1e300", "9.3e18", "1000000001"])
    func timeTooLate(_ time: String) {
        do {
            _ = try RecordingReader.read(header + "\n[\(time), \"k\", \"a\"]")
            Issue.record("expected an error")
        } catch let error as RecordingReadError {
            #expect(error.line == 2)
            #expect(error.reason.contains("bad time"), "\(error.reason)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(throws: Never.self) { try RecordingReader.read(header + "\n[1000000000, \"k\", \"a\"]") }
    }

    @Test("a recording made in code with such a time is paced and written without trapping", arguments: [1e300, .infinity, .nan])
    func farEventTimeInCode(_ time: Double) throws {
        let recording = Recording(
            header: RecordingHeader(columns: 80, rows: 24, document: ""),
            events: [RecordingEvent(time: time, kind: .keys([.text("a")]))]
        )
        let input = RecordingInput(recording, speed: 0.001, live: QuietTerminal())
        _ = try input.nextEvent(timeoutMilliseconds: 1)
        #expect(!recording.jsonLines.isEmpty)
    }
}
