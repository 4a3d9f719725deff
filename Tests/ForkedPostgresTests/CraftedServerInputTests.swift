import Forked
import ForkedHistory
@testable import ForkedPostgres
import Foundation
import Logging
import Testing

/// Rows, announcements and state files as a damaged database, a hostile client or a bad copy
/// could make them, every number at the edge of its type. Each trapped (an overflow in Swift's
/// checked arithmetic) before the decoders checked their numbers; now each is refused with
/// ``PostgresSyncError/corruptDocument(_:)`` (which stops the document's sync with one line),
/// or left to a fetch, or read as it is. None needs a server.
@Suite("Crafted server input")
struct CraftedServerInputTests {
    /// The reason of the ``PostgresSyncError/corruptDocument(_:)`` `body` throws; `nil` when it
    /// throws nothing or something else.
    private func corruption(_ body: () throws -> Void) -> String? {
        do {
            try body()
        } catch PostgresSyncError.corruptDocument(let reason) {
            return reason
        } catch {
            return nil
        }
        return nil
    }

    /// A text delta retaining `retain` bytes and removing `remove`, inserting nothing, as
    /// stored (``TextDelta``: three unsigned LEB128 numbers per edit).
    private func textDelta(retain: Int, remove: Int) -> Data {
        func leb128(_ value: Int) -> [UInt8] {
            var rest = UInt64(value)
            var bytes: [UInt8] = []
            repeat {
                let low = UInt8(rest & 0x7F)
                rest >>= 7
                bytes.append(rest == 0 ? low : low | 0x80)
            } while rest != 0
            return bytes
        }
        return Data(leb128(retain) + leb128(remove) + leb128(0))
    }

    private func commit(milliseconds: Int64 = 1_700_000_000_000, body: CommitBody) -> HistoryCommit {
        HistoryCommit(
            parents: [CommitID.digest(of: Data("parent".utf8))], origin: "device-1", milliseconds: milliseconds,
            valueDigest: SHA256Digest.digest(of: Data("hello!".utf8)), body: body
        )
    }

    /// An exchange over a repository in memory, never started: nothing reaches the network.
    private func withExchange(_ body: (PostgresExchange<InMemoryRepository<Note>>, ForkedResource<InMemoryRepository<Note>>) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forked-crafted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = try ForkedResource(repository: InMemoryRepository<Note>())
        let exchange = try PostgresExchange(
            resource: resource, document: "notes", settings: PostgresSettings(user: "ann", database: "notes"),
            stateDirectory: directory, logger: Logger(label: "test.crafted")
        )
        try body(exchange, resource)
    }

    @Test("a commit row with time_ms 2^63 − 1 is read as it is")
    func commitTimeIntMax() throws {
        let stored = commit(milliseconds: .max, body: .snapshot(Data("hello!".utf8)))
        let row = try ServerCommit(
            storedID: Data(stored.id.bytes), parents: ServerCommit.packedParents(of: stored), origin: stored.origin,
            timeMilliseconds: .max, valueDigest: Data(stored.valueDigest.bytes), kind: 0, payload: Data("hello!".utf8),
            generation: 3, modelVersion: 0
        )
        #expect(row.commit == stored)
        #expect(row.commit.milliseconds == .max)
        // The same time under an id that does not match it is refused, not trapped on.
        let reason = corruption {
            _ = try ServerCommit(
                storedID: Data(CommitID.digest(of: Data("other".utf8)).bytes), parents: Data(), origin: "device-1",
                timeMilliseconds: .max, valueDigest: Data(stored.valueDigest.bytes), kind: 0, payload: Data(),
                generation: 3, modelVersion: 0
            )
        }
        #expect(reason?.contains("does not match its id") == true)
    }

    @Test("a commit row at a generation outside 1…2^63 − 2 is refused", arguments: [Int64.max, 0, -1, Int64.min])
    func commitGenerationOutOfRange(generation: Int64) {
        let stored = commit(body: .snapshot(Data("hello!".utf8)))
        let reason = corruption {
            _ = try ServerCommit(
                storedID: Data(stored.id.bytes), parents: ServerCommit.packedParents(of: stored), origin: stored.origin,
                timeMilliseconds: stored.milliseconds, valueDigest: Data(stored.valueDigest.bytes), kind: 0,
                payload: Data("hello!".utf8), generation: generation, modelVersion: 0
            )
        }
        #expect(reason?.contains("generation \(generation)") == true)
    }

    @Test("a document row at generation 2^63 − 1 (or below 1) is refused", arguments: [Int64.max, 0, Int64.min])
    func documentGenerationOutOfRange(generation: Int64) {
        let store = DocumentStore(document: "notes", logger: Logger(label: "test.crafted"))
        let reason = corruption { _ = try store.checkedHead(generation: generation, head: Data(), device: "d", modelVersion: 0) }
        #expect(reason?.contains("'notes' is at generation \(generation)") == true)
        #expect(throws: Never.self) { _ = try store.checkedHead(generation: Int64.max - 1, head: Data(), device: "d", modelVersion: 0) }
        #expect(corruption { _ = try DocumentStore.generation(after: Int64.max - 1) } != nil)
        #expect(corruption { _ = try DocumentStore.generation(after: .max) } != nil)
    }

    @Test("a crafted forked_staged row (time_ms 2^63 − 1, a delta whose lengths overflow) is refused when a turn reads it")
    func craftedStagedRow() throws {
        let delta = textDelta(retain: 1, remove: Int.max)
        let stored = commit(milliseconds: .max, body: .delta(delta))
        let staged = try StagedVersion(
            storedID: Data(stored.id.bytes), parents: ServerCommit.packedParents(of: stored), origin: stored.origin,
            timeMilliseconds: .max, valueDigest: Data(stored.valueDigest.bytes), kind: 1, payload: delta,
            baseGeneration: .max, modelVersion: 0
        )
        #expect(staged.commit.milliseconds == .max)
        // What the device holding the turn does with it: rebuild its value from its base.
        let reason = corruption { _ = try ValueCoding<Note>().value(of: staged.commit, madeFrom: Note("hello")) }
        #expect(reason?.contains("a delta does not apply") == true)
    }

    @Test("a carried delta whose retain plus remove overflows is refused when applied")
    func carriedDeltaOverflow() throws {
        let carried = ServerCommit(commit(body: .delta(textDelta(retain: Int.max, remove: Int.max))), generation: 5, modelVersion: 0)
        let announcement = Announcement(document: "notes", device: "device-1", announcing: carried)
        let read = try #require(Announcement(payload: announcement.payload)?.commit())
        let payload = try #require(read.commit.body.deltaBytes)
        let reason = corruption { _ = try ValueCoding<Note>().applying(deltas: [payload], to: Note("hello")) }
        #expect(reason?.contains("a delta does not apply") == true)
    }

    @Test("an announcement of a generation outside 1…2^63 − 2 is ignored", arguments: [
        "9223372036854775807 device - notes", "0 device - notes", "-3 device - notes", "-9223372036854775808 device - notes",
    ])
    func announcedGenerationOutOfRange(_ payload: String) {
        #expect(Announcement(payload: payload) == nil)
        #expect(Announcement(payload: "9223372036854775806 device - notes")?.generation == Int64.max - 1)
    }

    @Test("announced commits that would count past 2^63 − 1 are left to a fetch")
    func announcedCommitsPastTheLastGeneration() throws {
        try withExchange { exchange, _ in
            try exchange.updateLocalState { $0.generation = Int64.max - 1 }
            let announced = ServerCommit(commit(body: .snapshot(Data("hello!".utf8))), generation: .max, modelVersion: 0)
            // Two of the same generation: counting on past the first overflowed.
            #expect(try exchange.receive([announced, announced]) == false)
            #expect(exchange.localState.generation == Int64.max - 1)
        }
    }

    @Test("a generation of 2^63 − 1 stops the upload with a clear error instead of trapping at the next keystroke")
    func keystrokeAtTheLastGeneration() throws {
        try withExchange { exchange, resource in
            try exchange.updateLocalState {
                $0.generation = .max
                $0.hasFetched = true
            }
            try resource.update(.main, with: Note("a keystroke"))
            let reason = corruption { _ = try exchange.prepareUpload() }
            #expect(reason == "no generation can follow generation \(Int64.max)")
            #expect(PostgresSyncError.corruptDocument(reason ?? "").isTransient == false)
        }
    }

    @Test("a state file recording generation 2^63 − 1 is refused when read", arguments: [Int64.max, -1])
    func stateFileGenerationOutOfRange(generation: Int64) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("forked-state-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var state = ExchangeLocalState()
        state.generation = generation
        try state.save(to: url)
        let reason = corruption { _ = try ExchangeLocalState.load(from: url) }
        #expect(reason?.contains("records generation \(generation)") == true)
    }
}
