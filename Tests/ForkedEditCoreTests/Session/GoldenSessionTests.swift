import Foundation
import Testing
@testable import ForkedEditCore

/// Replays every recorded session in `Assets/sessions` headlessly and compares the final
/// screen and documents with the golden files next to it.
///
/// To regenerate goldens after an intended change, run the tests with
/// `FORKED_EDIT_UPDATE_GOLDENS=1`, then read every changed golden before committing it.
@Suite("Golden sessions")
struct GoldenSessionTests {
    static let sessionsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Session
        .deletingLastPathComponent()  // ForkedEditCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Assets/sessions")

    static var sessionNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sessionsDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) }.sorted()
    }

    @Test("there are at least a dozen recorded sessions")
    func enoughSessions() {
        #expect(Self.sessionNames.count >= 12)
    }

    @Test("replaying a session reproduces its golden screen and documents", arguments: sessionNames)
    func replay(name: String) throws {
        let directory = Self.sessionsDirectory
        let text = try String(contentsOf: directory.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
        let result = try HeadlessReplayer.replay(try RecordingReader.read(text))
        let screenURL = directory.appendingPathComponent("\(name).screen.txt")
        let documentsURL = directory.appendingPathComponent("\(name).documents.json")
        if ProcessInfo.processInfo.environment["FORKED_EDIT_UPDATE_GOLDENS"] == "1" {
            try result.screenText.write(to: screenURL, atomically: true, encoding: .utf8)
            try result.documentsJSON().write(to: documentsURL, atomically: true, encoding: .utf8)
        }
        let expectedScreen = try String(contentsOf: screenURL, encoding: .utf8)
        let expectedDocuments = try String(contentsOf: documentsURL, encoding: .utf8)
        #expect(result.screenText == expectedScreen)
        #expect(try result.documentsJSON() == expectedDocuments)
    }
}
