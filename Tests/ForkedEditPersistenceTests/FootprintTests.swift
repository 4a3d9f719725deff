import Forked
import ForkedEditCore
import ForkedEditPersistence
import ForkedTestSupport
import Foundation
import Testing

/// What the state beside a file costs on disk: an hour-like session in small.
@Suite("State directory footprint")
struct FootprintTests {
    /// The bytes of every file under `url`.
    private func size(of url: URL) throws -> Int {
        guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        return try files.compactMap { $0 as? URL }.reduce(0) { total, file in
            total + (try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
        }
    }

    @Test("500 edits typed into a 1 MB file, saved every 100, with snapshots and versions between: once saved and closed, the state beside it is at most 1.5x the file")
    func savedSessionStaysSmall() throws {
        var random = SeededGenerator(state: 49)
        let line = "A line of a long document, written to be edited for a while.\n"
        let scratch = try ScratchFile(text: String(repeating: line, count: 1_000_000 / line.utf8.count))
        // Every idle moment stores and records a version, as a long session's pauses do.
        let options = PersistentDocument.Options(burstPause: .zero, historyInterval: .zero)
        let (document, session) = try scratch.openWithSession(options: options)
        for edit in 1...500 {
            if edit % 25 == 0 { try type(String(repeating: "<PgDn>", count: Int.random(in: 0...30, using: &random)), into: session) }
            try type(["x", "y", "<BS>", "z "][Int.random(in: 0..<4, using: &random)], into: session)
            if edit % 10 == 0 { _ = session.show(try document.idle()) }
            if edit % 100 == 0 { try type("<C-s>", into: session) }
        }
        try document.close()
        let fileSize = try #require(scratch.text?.utf8.count)
        let stateSize = try size(of: scratch.layout.directory)
        #expect(stateSize <= fileSize * 3 / 2, "\(stateSize) bytes beside a \(fileSize)-byte file")
    }
}
