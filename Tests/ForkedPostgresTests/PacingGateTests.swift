@testable import ForkedPostgres
import ForkedTestSupport
import Testing

/// Nagle's rule for the exchange: work starts at once after a quiet spell, and at most once per
/// spacing while requests keep coming, once for all of them.
struct PacingGateTests {
    private static let start = ContinuousClock.now
    private static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func theFirstRequestAndOneAfterAQuietSpellStartAtOnce() {
        var gate = PacingGate(spacing: .milliseconds(25))
        #expect(gate.ask(at: Self.at(0)) == .now)
        #expect(gate.ask(at: Self.at(25)) == .now)
        #expect(gate.ask(at: Self.at(400)) == .now)
    }

    @Test func requestsWithinTheSpacingWaitForItsEndTogether() {
        var gate = PacingGate(spacing: .milliseconds(25))
        #expect(gate.ask(at: Self.at(0)) == .now)
        #expect(gate.ask(at: Self.at(10)) == .after(.milliseconds(15)))
        #expect(gate.ask(at: Self.at(12)) == .alreadyWaiting)
        #expect(gate.ask(at: Self.at(24)) == .alreadyWaiting)
        gate.waitEnded()
        #expect(gate.ask(at: Self.at(25)) == .now, "the wake-up runs the work for every request made meanwhile")
        #expect(gate.ask(at: Self.at(30)) == .after(.milliseconds(20)), "counted from the delayed start")
    }

    @Test func aChangedSpacingTakesEffectAtTheNextRequest() {
        var gate = PacingGate(spacing: .milliseconds(5))
        #expect(gate.ask(at: Self.at(0)) == .now)
        gate.spacing = .milliseconds(100)
        #expect(gate.ask(at: Self.at(50)) == .after(.milliseconds(50)))
    }

    /// However requests come, starts are at least a spacing apart and no request waits longer
    /// than a spacing for a start at or after it.
    @Test(arguments: 0..<50 as Range<UInt64>)
    func startsAreASpacingApartAndNoRequestWaitsLongerThanOne(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let spacing = 25
        var gate = PacingGate(spacing: .milliseconds(spacing))
        var now = 0
        var starts: [Int] = []
        var wakeUpAt: Int?
        var unserved: [Int] = []
        for _ in 0..<400 {
            now += Int(random.next() % 40)
            // The scheduled wake-up comes first if it is due.
            if let due = wakeUpAt, due <= now {
                gate.waitEnded()
                #expect(gate.ask(at: Self.at(due)) == .now)
                starts.append(due)
                wakeUpAt = nil
                #expect(unserved.allSatisfy { due - $0 <= spacing })
                unserved = []
            }
            switch gate.ask(at: Self.at(now)) {
            case .now:
                starts.append(now)
                unserved = []
            case .after(let wait):
                #expect(wakeUpAt == nil)
                wakeUpAt = now + Int(wait / .milliseconds(1))
                unserved.append(now)
            case .alreadyWaiting:
                #expect(wakeUpAt != nil)
                unserved.append(now)
            }
        }
        for (earlier, later) in zip(starts, starts.dropFirst()) {
            #expect(later - earlier >= spacing)
        }
    }
}
