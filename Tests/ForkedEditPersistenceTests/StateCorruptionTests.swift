import Forked
import ForkedEditCore
@testable import ForkedEditPersistence
import ForkedTestSupport
import Foundation
import Testing

/// Random damage anywhere in a state directory (a byte flipped, or a file cut short) is never
/// silent: the state directory is refused, or the open reports what it could not recover, or
/// every fork opens with exactly the text it had. The quiet losses allowed are what a crash
/// leaves at a journal's end (records the disk had not written, or garbled by a write it did
/// not finish), which give back the fork as it was at an earlier edit.
@Suite("Random damage to the state directory")
struct StateCorruptionTests {
    private static let words = ["cat ", "sat ", "on ", "the ", "mat ", "\n", "猫 ", "é "]

    /// Outcome counts over the trials, for the failure message.
    private struct Tally: CustomStringConvertible {
        var refused = 0
        var reported = 0
        var exact = 0
        var tornTail = 0
        var description: String { "refused \(refused), reported \(reported), exact \(exact), journal tail dropped \(tornTail)" }
    }

    @Test("200 damaged state directories: refused, reported or exact, never a silent difference", arguments: 0..<4)
    func randomDamage(batch: UInt64) throws {
        var random = SeededGenerator(state: 0xDA3A6E + batch)
        var tally = Tally()
        // FORKED_EDIT_CORRUPTION_TRIALS runs more trials per batch (the default keeps the suite quick).
        let trials = ProcessInfo.processInfo.environment["FORKED_EDIT_CORRUPTION_TRIALS"].flatMap { Int($0) } ?? 50
        for trial in 0..<trials {
            let scratch = try ScratchFile(text: "start\n")
            let document = try scratch.open()
            let session = try document.session()
            // Each fork's text after every edit since its last snapshot: the journal's records.
            var states: [String: [String]] = ["left": ["start\n"], "right": ["start\n"]]
            for step in 0..<Int.random(in: 4...30, using: &random) {
                let pane = Int.random(in: 0...1, using: &random)
                let fork = pane == 0 ? "left" : "right"
                if session.focusedPane != pane { try type("<Tab>", into: session) }
                try type(Self.words.randomElement(using: &random) ?? "x", into: session)
                if step % 11 == 10, Bool.random(using: &random) {
                    try document.synchronize()
                    for name in states.keys { states[name] = [states[name]?.last ?? ""] }
                }
                states[fork, default: []].append(try session.documents()[fork] ?? "")
            }
            try document.flushJournals()
            let crashed = try scratch.copy()
            try document.close()

            let files = try Self.files(in: crashed.layout.directory)
            guard let target = files.randomElement(using: &random) else { continue }
            var bytes = try Data(contentsOf: target)
            let truncated = Bool.random(using: &random)
            if truncated {
                bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))
            } else {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
            }
            try bytes.write(to: target)
            let damage = "trial \(trial): \(truncated ? "cut" : "flipped") \(target.path.replacingOccurrences(of: crashed.directory.path, with: ""))"

            let reopened: PersistentDocument
            do {
                reopened = try crashed.open()
            } catch {
                tally.refused += 1
                #expect(error is PersistenceError || error is ForkedError, "\(damage): \(error)")
                continue
            }
            defer { try? reopened.close() }
            let report = reopened.report
            if !report.unrecovered.isEmpty || !report.foreignJournals.isEmpty || report.mergedExternalChange {
                tally.reported += 1
                continue
            }
            // Nothing reported: every fork is exactly as it was, but for a journal's last record.
            for fork in ["left", "right"] {
                let text = try reopened.resource.value(in: Fork(name: fork))?.text
                let history = states[fork] ?? []
                if text == history.last {
                    tally.exact += 1
                } else if target.lastPathComponent == "\(fork).journal", let text, history.contains(text) {
                    // What a crash leaves at a journal's end (records cut off, or garbled by a
                    // write the disk did not finish) gives back the fork as it was at an earlier
                    // edit: a text it really had, never a mix.
                    tally.tornTail += 1
                } else {
                    Issue.record("silent difference, \(damage): \(fork) is \(String(describing: text).debugDescription), was \(history.last.debugDescription)")
                }
            }
        }
        #expect(tally.refused + tally.reported + tally.exact > 0, "\(tally)")
        if trials != 50 { print("batch \(batch): \(trials) trials: \(tally)") }
    }

    /// Every non-empty regular file under `directory`.
    private static func files(in directory: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey])
        else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { url in
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            return values?.isRegularFile == true && (values?.fileSize ?? 0) > 0
        }.sorted { $0.path < $1.path }
    }
}
