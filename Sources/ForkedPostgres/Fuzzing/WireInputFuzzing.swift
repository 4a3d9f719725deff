import ForkedHistory
import Foundation

/// Feeds arbitrary bytes to every decoder that reads what another login can send a device (an
/// announcement, a presence note) or put in the server's rows (a commit, its delta): the fuzz
/// target `forked-fuzz` calls it with libFuzzer's inputs. The rule it checks is issue 45's:
/// nothing read from the server or a notification traps or makes the device hold more than a
/// bounded amount; a value that cannot be used is refused with an error.
package enum WireInputFuzzing {
    /// A fixed key for the document "notes", so that sealed seeds open and their mutations
    /// reach the decoders behind the seal.
    static let seal = NotificationSeal(keyBytes: Data(repeating: 7, count: NotificationSeal.keyByteCount), document: "notes")

    /// The base a fuzzed delta applies to: a short text, so that deltas within it are found.
    static let base = "Plan\nthe budget is approved\n日本語 é\n"

    /// Decodes `data` with the decoder its first byte picks, using the rest. Returns normally
    /// whatever the bytes are (a refused input is not a finding; a trap is).
    package static func run(_ data: Data) {
        guard let selector = data.first else { return }
        let rest = Data(data.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        switch selector % 5 {
        case 0:
            // An announcement, its carried commit, and that commit's delta applied.
            guard let announcement = Announcement(payload: text) else { return }
            _ = announcement.payload
            if let commit = announcement.commit() { apply(commit.commit) }
        case 1:
            // A notification as it arrives: sealed, opened with the document's key, then read.
            let opened = seal?.open(text) ?? text
            if let note = PresenceNote(payload: opened) { _ = note.payload }
            if let announcement = Announcement(payload: opened) { _ = announcement.commit() }
        case 2:
            if let commit = try? HistoryCommit(encoded: rest) { apply(commit) }
        case 3:
            row(rest)
        default:
            _ = try? base.applying(delta: rest)
            _ = try? base.applying(deltas: [rest, rest])
        }
    }

    /// Valid inputs for each decoder, made by the encoders the exchange sends with: where a
    /// fuzzer starts, so that its mutations reach past the first checks.
    package static func seeds() throws -> [Data] {
        let edited = "Plan\nthe costs are approved\n日本語 é\n"
        let digest = SHA256Digest.digest(of: try edited.snapshot())
        let parent = CommitID.digest(of: Data("parent".utf8))
        guard let delta = try edited.delta(from: base) else { return [] }
        let deltaCommit = HistoryCommit(parents: [parent], origin: "device-1", milliseconds: 1_700_000_000_000, valueDigest: digest, body: .delta(delta))
        let snapshotCommit = HistoryCommit(parents: [], origin: "device-2", milliseconds: 1_700_000_000_001, valueDigest: digest, body: .snapshot(try edited.snapshot()))
        let announced = ServerCommit(deltaCommit, generation: 7, modelVersion: 0)
        var seeds: [Data] = [
            Data([0]) + Data(Announcement(document: "notes", device: "device-1", announcing: announced).payload.utf8),
            Data([0]) + Data(Announcement(document: "notes", generation: 8, device: "device-2").payload.utf8),
            Data([1]) + Data(PresenceNote(document: "notes", device: "device-1", value: "2 5 ann").payload.utf8),
            Data([1]) + Data((try seal?.seal(PresenceNote(document: "notes", device: "device-1", value: "2 5 ann").payload) ?? "").utf8),
            Data([1]) + Data((try seal?.seal(Announcement(document: "notes", device: "device-1", announcing: announced).payload) ?? "").utf8),
            Data([2]) + deltaCommit.encoded,
            Data([2]) + snapshotCommit.encoded,
            Data([4]) + delta,
        ]
        // A row: each field after a length byte, then the payload.
        var row = Data()
        for field in [Data(snapshotCommit.id.bytes), Data(), Data("device-2".utf8), Self.bytes(snapshotCommit.milliseconds),
                      Data(digest.bytes), Self.bytes(0), Self.bytes(7), Self.bytes(0)] {
            row.append(UInt8(field.count))
            row.append(field)
        }
        row.append(try edited.snapshot())
        seeds.append(Data([3]) + row)
        return seeds
    }

    private static func bytes(_ number: Int64) -> Data {
        Data((0..<8).reversed().map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) })
    }

    /// A `forked_commits` row made of the bytes: fields cut by their first bytes as lengths.
    private static func row(_ data: Data) {
        var reader = data[...]
        func field(_ limit: Int) -> Data {
            guard let length = reader.popFirst() else { return Data() }
            let taken = reader.prefix(min(Int(length), limit))
            reader = reader.dropFirst(taken.count)
            return Data(taken)
        }
        func number() -> Int64 {
            field(8).reduce(Int64(0)) { ($0 << 8) | Int64($1) }
        }
        let id = field(32), parents = field(96), origin = String(decoding: field(40), as: UTF8.self)
        let time = number(), digest = field(32), kind = Int16(truncatingIfNeeded: number())
        let generation = number(), modelVersion = Int(truncatingIfNeeded: number())
        let payload = Data(reader)
        guard let commit = try? ServerCommit(
            storedID: id, parents: parents, origin: origin, timeMilliseconds: time, valueDigest: digest, kind: kind,
            payload: payload, generation: generation, modelVersion: modelVersion
        ) else {
            // The id will rarely match bytes made at random: the commit's own fields, rebuilt
            // with its real id, go through the same checks and on to the delta.
            let body = CommitBody(kind: UInt8(truncatingIfNeeded: kind), payload: payload)
            guard let body, let valueDigest = SHA256Digest(bytes: digest) else { return }
            let made = HistoryCommit(parents: [], origin: origin, milliseconds: time, valueDigest: valueDigest, body: body)
            if let read = try? ServerCommit(
                storedID: Data(made.id.bytes), parents: Data(), origin: origin, timeMilliseconds: time, valueDigest: digest,
                kind: kind, payload: payload, generation: generation, modelVersion: modelVersion
            ) {
                apply(read.commit)
                _ = Announcement(document: "notes", device: "fuzz", announcing: read).payload
            }
            return
        }
        apply(commit.commit)
    }

    /// Rebuilds a value from `commit` as a device catching up would, and checks its digest.
    private static func apply(_ commit: HistoryCommit) {
        let coding = ValueCoding<String>()
        guard let value = try? coding.value(of: commit, madeFrom: base) else { return }
        _ = try? coding.holds(value, of: commit)
        _ = commit.encoded
        _ = commit.milliseconds
        _ = commit.time
    }
}
