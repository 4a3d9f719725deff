import Forked
import Foundation
import Testing
@testable import ForkedHistory

/// Deltas and commits as a damaged file or a hostile peer could make them: every number at the
/// edge of its type. Each of these trapped (an overflow in Swift's checked arithmetic) before
/// the decoders checked their numbers; now each is refused with an error, or read as it is.
@Suite("Crafted deltas and commits")
struct CraftedInputTests {
    /// A text delta of `edits` (retain, remove), inserting nothing, encoded as stored.
    private func delta(_ edits: [(retain: Int, remove: Int)]) -> Data {
        var data = Data()
        for edit in edits {
            LEB128.append(edit.retain, to: &data)
            LEB128.append(edit.remove, to: &data)
            LEB128.append(0, to: &data)
        }
        return data
    }

    private let pastTheEnd = HistoryError.corruptDelta("a text delta reaches past the end of its base")

    @Test("a delta whose retain plus remove overflows is refused")
    func retainPlusRemoveOverflows() throws {
        let crafted = try TextDelta(encoded: delta([(1, Int.max)]))
        #expect(throws: pastTheEnd) { try crafted.applied(to: "hello") }
        let both = try TextDelta(encoded: delta([(Int.max, Int.max)]))
        #expect(throws: pastTheEnd) { try both.applied(to: "hello") }
    }

    @Test("a delta whose removals overflow when summed is refused")
    func removalsOverflowWhenSummed() throws {
        // Summing the removals to reserve room for the result overflowed before any was checked.
        let crafted = try TextDelta(encoded: delta([(0, Int.max), (0, Int.max)]))
        #expect(throws: pastTheEnd) { try crafted.applied(to: "hello") }
        #expect(throws: pastTheEnd) { try "hello".applying(deltas: [delta([(0, Int.max)]), delta([(0, Int.max)])]) }
    }

    @Test("a history delta that retains 2^63 − 1 bytes is refused when its version is rebuilt")
    func historyDeltaRetainingIntMax() throws {
        let store = InMemoryCommitStore()
        let base = HistoryCommit(
            parents: [], origin: "main", milliseconds: 1, valueDigest: SHA256Digest.digest(of: Data("hello".utf8)),
            body: .snapshot(Data("hello".utf8))
        )
        let crafted = HistoryCommit(
            parents: [base.id], origin: "main", milliseconds: 2, valueDigest: SHA256Digest.digest(of: Data("hello!".utf8)),
            body: .delta(delta([(Int.max, 1)]))
        )
        try store.add([base, crafted], movingHeads: ["main": crafted.id])
        let history = History<String>(store: store)
        #expect(throws: pastTheEnd) { try history.value(at: crafted.id) }
        #expect(try history.value(at: base.id) == "hello")
    }

    @Test("a commit made at 2^63 − 1 milliseconds encodes, decodes and keeps its time", arguments: [Int64.max, Int64.min, -1])
    func extremeCommitTime(milliseconds: Int64) throws {
        let commit = HistoryCommit(
            parents: [], origin: "device", milliseconds: milliseconds, valueDigest: SHA256Digest.digest(of: Data("v".utf8)),
            body: .snapshot(Data("v".utf8))
        )
        #expect(commit.milliseconds == milliseconds)
        let decoded = try HistoryCommit(encoded: commit.encoded)
        #expect(decoded == commit)
        #expect(decoded.milliseconds == milliseconds)
        // The history log's compact records count times from the record before.
        var writer = CommitLog()
        var reader = CommitLog()
        let second = HistoryCommit(
            parents: [commit.id], origin: "device", milliseconds: 0, valueDigest: commit.valueDigest, body: .delta(Data())
        )
        for record in [commit, second] {
            let decoded = try reader.decode(writer.encode(record))
            #expect(decoded == record)
        }
    }

    @Test("a time no 64 bits of milliseconds can hold is clamped, not trapped on")
    func timeBeyondMilliseconds() {
        let digest = SHA256Digest.digest(of: Data("v".utf8))
        let far = HistoryCommit(parents: [], origin: "o", time: Date(timeIntervalSince1970: 1e300), valueDigest: digest, body: .delta(Data()))
        #expect(far.milliseconds == .max)
        let past = HistoryCommit(parents: [], origin: "o", time: Date(timeIntervalSince1970: -1e300), valueDigest: digest, body: .delta(Data()))
        #expect(past.milliseconds == .min)
    }
}
