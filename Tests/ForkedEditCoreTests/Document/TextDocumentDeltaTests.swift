import Forked
import ForkedTestSupport
import Foundation
import Testing
@testable import ForkedEditCore

@Suite("TextDocument stored as a change")
struct TextDocumentDeltaTests {
    private static let pieces = ["a", "word ", "\n", "é", "日本", "👍🏽", "\r\n", " ", "z"]

    private func randomText(_ length: Int, _ random: inout SeededGenerator) -> String {
        (0..<length).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)] }.joined()
    }

    @Test("any edit of any text round-trips through its delta, which holds only what changed", arguments: 0..<40)
    func randomEditsRoundTrip(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        for _ in 0..<25 {
            let base = TextDocument(text: randomText(Int.random(in: 0...300, using: &random), &random), cursors: ["left": Int.random(in: 0...50, using: &random)])
            var characters = Array(base.text)
            let start = Int.random(in: 0...characters.count, using: &random)
            let end = Int.random(in: start...min(characters.count, start + 20), using: &random)
            let inserted = randomText(Int.random(in: 0...8, using: &random), &random)
            characters.replaceSubrange(start..<end, with: Array(inserted))
            let edited = TextDocument(text: String(characters), cursors: ["left": start, "right": Int.random(in: 0...9, using: &random)])
            #expect(try TextDocument(storedBytes: try #require(edited.storedBytes)) == edited, "seed \(seed): whole")
            guard let delta = edited.storedDelta(from: base) else {
                // Only a change of most of the text is stored whole.
                #expect(base.text.utf8.count < 2 * (inserted.utf8.count + 64), "seed \(seed): a small edit must store a delta")
                continue
            }
            #expect(try base.applyingStoredDelta(delta) == edited, "seed \(seed)")
            #expect(delta.count <= inserted.utf8.count + 40 + 24, "seed \(seed): \(delta.count) bytes for a \(inserted.utf8.count)-byte insertion")
        }
    }

    @Test("a delta cut short or damaged is refused or read as some document: never a crash, never invalid UTF-8", arguments: 0..<10)
    func damagedDeltas(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let base = TextDocument(text: randomText(200, &random), cursors: ["left": 3])
        let edited = TextDocument(text: base.text + randomText(10, &random), cursors: ["left": 9, "right": 2])
        let delta = try #require(edited.storedDelta(from: base))
        for length in 0..<delta.count {
            #expect(throws: (any Error).self) { try base.applyingStoredDelta(delta.prefix(length)) }
        }
        for _ in 0..<200 {
            var damaged = delta
            let index = damaged.startIndex + Int.random(in: 0..<damaged.count, using: &random)
            damaged[index] = UInt8.random(in: 0...255, using: &random)
            if let document = try? base.applyingStoredDelta(damaged) {
                #expect(String(validating: Array(document.text.utf8), as: UTF8.self) != nil)
            }
        }
    }

    @Test("typing into a large document keeps the repository's log near one copy of it")
    func repositoryLogStaysSmall() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("delta-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: try FileRepository<TextDocument>(directory: directory))
        var text = String(repeating: "A line of the document, long enough to matter.\n", count: 10_000)
        try resource.update(.main, with: TextDocument(text: text))
        let fork = Fork(name: "left")
        try resource.create(fork)
        for step in 0..<100 {
            let index = text.index(text.startIndex, offsetBy: step * 4_000)
            text.insert(contentsOf: "typed \(step) ", at: index)
            try resource.update(fork, with: TextDocument(text: text, cursors: ["left": step * 4_000]))
        }
        let logSize = try Data(contentsOf: directory.appendingPathComponent("log")).count
        #expect(logSize < text.utf8.count * 3 / 2, "100 versions of a \(text.utf8.count)-byte text in \(logSize) bytes")
        let reopened = try ForkedResource(repository: try FileRepository<TextDocument>(directory: directory))
        #expect(try reopened.value(in: fork)?.text == text)
    }
}
