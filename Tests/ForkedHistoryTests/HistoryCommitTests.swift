import Foundation
import Testing
@testable import ForkedHistory

@Suite("HistoryCommit")
struct HistoryCommitTests {
    private let digest = SHA256Digest.digest(of: Data("value".utf8))

    @Test func encodingRoundTripsEveryField() throws {
        let parent = HistoryCommit(parents: [], origin: "main", time: Date(timeIntervalSince1970: 1), valueDigest: digest, body: .snapshot(Data("a".utf8)))
        let commit = HistoryCommit(
            parents: [parent.id], origin: "device ü", time: Date(timeIntervalSince1970: 1_700_000_000.1234),
            valueDigest: digest, body: .delta(Data([1, 2, 3])))
        let decoded = try HistoryCommit(encoded: commit.encoded)
        #expect(decoded == commit)
        #expect(decoded.milliseconds == 1_700_000_000_123)
        #expect(decoded.parents == [parent.id])
        #expect(decoded.origin == "device ü")
    }

    @Test func idNamesTheHeaderNotTheBody() {
        let time = Date(timeIntervalSince1970: 5)
        let asDelta = HistoryCommit(parents: [], origin: "o", time: time, valueDigest: digest, body: .delta(Data([9])))
        let asSnapshot = asDelta.storing(.snapshot(Data("value".utf8)))
        #expect(asDelta.id == asSnapshot.id)
        let other = HistoryCommit(parents: [], origin: "p", time: time, valueDigest: digest, body: .delta(Data([9])))
        #expect(other.id != asDelta.id)
    }

    @Test func aChangedHeaderByteIsDetected() throws {
        let commit = HistoryCommit(parents: [], origin: "main", time: Date(), valueDigest: digest, body: .snapshot(Data("x".utf8)))
        var bytes = commit.encoded
        bytes[CommitID.byteCount + 4 + 20] ^= 0x01
        #expect(throws: HistoryError.self) { try HistoryCommit(encoded: bytes) }
        #expect(throws: HistoryError.self) { try HistoryCommit(encoded: commit.encoded.dropLast()) }
        #expect(throws: HistoryError.self) { try HistoryCommit(encoded: Data()) }
    }

    @Test func hexRoundTripsAndRejectsNonsense() {
        #expect(CommitID(hex: digest.hex) == digest)
        #expect(CommitID(hex: digest.hex.uppercased()) == digest)
        #expect(CommitID(hex: "xyz") == nil)
        #expect(CommitID(hex: String(repeating: "g", count: 64)) == nil)
        #expect(digest.short.count == 12)
        #expect(digest.hasHexPrefix(String(digest.hex.prefix(6)).uppercased()))
    }
}
