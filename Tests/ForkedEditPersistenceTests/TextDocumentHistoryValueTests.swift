import ForkedEditCore
import ForkedEditPersistence
import ForkedHistory
import Foundation
import Testing

@Suite("Text document as a history value: snapshots and deltas")
struct TextDocumentHistoryValueTests {
    /// Thirty versions, each typing a word somewhere and moving both cursors.
    private static func versions() -> [TextDocument] {
        var versions = [TextDocument(text: "first line\nsecond line\n", cursors: ["left": 0, "right": 3])]
        for step in 1...30 {
            let previous = versions[versions.count - 1]
            var text = previous.text
            let offset = (step * 7) % (text.count + 1)
            text.insert(contentsOf: "w\(step) ", at: text.index(text.startIndex, offsetBy: offset))
            versions.append(TextDocument(text: text, cursors: ["left": offset, "right": step]))
        }
        return versions
    }

    /// The delta from each version to the next.
    private static func deltas(between versions: [TextDocument]) throws -> [Data] {
        try zip(versions.dropFirst(), versions).map { try #require(try $0.delta(from: $1)) }
    }

    @Test("a chain of deltas applied at once gives the last version, text and cursors")
    func chainAppliedAtOnceMatchesOneByOne() throws {
        let versions = Self.versions()
        let deltas = try Self.deltas(between: versions)
        let oneByOne = try deltas.reduce(versions[0]) { try $0.applying(delta: $1) }
        #expect(oneByOne == versions[versions.count - 1])
        #expect(try versions[0].applying(deltas: deltas) == versions[versions.count - 1])
        #expect(try versions[0].applying(deltas: Array(deltas.prefix(12))) == versions[12])
        #expect(try versions[0].applying(deltas: []) == versions[0])
    }

    @Test("a truncated delta anywhere in a chain is refused")
    func truncatedDeltaInAChainIsRefused() throws {
        let versions = Self.versions()
        var deltas = try Self.deltas(between: versions)
        deltas[5] = deltas[5].prefix(3)
        #expect(throws: HistoryError.self) { try versions[0].applying(deltas: deltas) }
    }
}
