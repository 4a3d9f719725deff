@testable import ForkedEditPersistence
import Testing

/// When a persistent document stores, publishes, merges and records versions, with made-up
/// instants: no disk, no waiting.
struct StoreScheduleTests {
    private let start = ContinuousClock.now
    private var options: PersistentDocument.Options {
        PersistentDocument.Options(snapshotInterval: 10, publishInterval: .milliseconds(250), burstPause: .milliseconds(300),
                                   historyInterval: .seconds(5))
    }

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func aloneTheEditsAreStoredAtTheIntervalOrAfterAPauseAndTheVersionWaitsForThePause() {
        var schedule = StoreSchedule(at: start, editedSinceMerge: false)
        #expect(schedule.step(at: at(10), pendingEdits: 0, sharesRepository: false, changedElsewhere: false, options) == .nothing)
        for milliseconds in stride(from: 0, to: 200, by: 20) { schedule.noteEdit(at: at(milliseconds)) }
        // Typing on: a burst is stored at four times the interval, without its version.
        #expect(schedule.step(at: at(200), pendingEdits: 10, sharesRepository: false, changedElsewhere: false, options) == .nothing)
        #expect(schedule.step(at: at(200), pendingEdits: 40, sharesRepository: false, changedElsewhere: false, options)
            == .snapshot(recordingHistory: false))
        schedule.noteStored(at: at(200), recordedVersion: false)
        #expect(!schedule.lateVersionDue(at: at(300), options))
        #expect(schedule.lateVersionDue(at: at(480), options))
        schedule.noteVersionRecorded()
        #expect(!schedule.lateVersionDue(at: at(480), options))
        // After a pause, the interval's count; and whatever the count, after historyInterval.
        #expect(schedule.step(at: at(600), pendingEdits: 10, sharesRepository: false, changedElsewhere: false, options)
            == .snapshot(recordingHistory: true))
        #expect(schedule.step(at: at(600), pendingEdits: 1, sharesRepository: false, changedElsewhere: false, options) == .nothing)
        #expect(schedule.step(at: at(5_300), pendingEdits: 1, sharesRepository: false, changedElsewhere: false, options)
            == .snapshot(recordingHistory: true))
    }

    @Test func sharedTheEditsArePublishedWithinTheIntervalAndOthersChangesTakenIn() {
        var schedule = StoreSchedule(at: start, editedSinceMerge: false)
        schedule.noteEdit(at: at(100))
        #expect(schedule.step(at: at(200), pendingEdits: 1, sharesRepository: true, changedElsewhere: false, options) == .nothing)
        #expect(schedule.step(at: at(260), pendingEdits: 1, sharesRepository: true, changedElsewhere: false, options)
            == .publish(recordingHistory: false))
        #expect(schedule.step(at: at(260), pendingEdits: 0, sharesRepository: true, changedElsewhere: true, options)
            == .publish(recordingHistory: false))
        #expect(schedule.step(at: at(500), pendingEdits: 1, sharesRepository: true, changedElsewhere: false, options)
            == .publish(recordingHistory: true))
    }

    @Test func autoMergeFollowsABurstAndTakesInOthersChangesOnlyBetweenBursts() {
        var options = options
        options.autoMerge = true
        var schedule = StoreSchedule(at: start, editedSinceMerge: true)
        // Edits recovered at opening merge once the first pause has passed.
        #expect(schedule.step(at: at(100), pendingEdits: 0, sharesRepository: true, changedElsewhere: false, options) == .nothing)
        #expect(schedule.step(at: at(300), pendingEdits: 0, sharesRepository: true, changedElsewhere: false, options)
            == .autoMerge(takingInFirst: false))
        schedule.noteMerged()
        #expect(schedule.step(at: at(400), pendingEdits: 0, sharesRepository: true, changedElsewhere: true, options)
            == .autoMerge(takingInFirst: true))
        // While typing, another process's change waits for the burst's end; edits are published.
        schedule.noteEdit(at: at(500))
        #expect(schedule.step(at: at(760), pendingEdits: 3, sharesRepository: true, changedElsewhere: true, options)
            == .publish(recordingHistory: false))
        #expect(schedule.step(at: at(800), pendingEdits: 3, sharesRepository: true, changedElsewhere: true, options)
            == .autoMerge(takingInFirst: true))
    }

    @Test func failuresAreRetriedAfterAGrowingWaitOfAtMostThirtySeconds() {
        var schedule = StoreSchedule(at: start, editedSinceMerge: false)
        #expect(!schedule.isWaitingToRetry(at: at(0)))
        schedule.noteFailure("disk full", at: at(0), retryDelay: .seconds(1))
        #expect(schedule.isWaitingToRetry(at: at(999)) && !schedule.isWaitingToRetry(at: at(1_000)))
        var waits: [Duration] = []
        for _ in 0..<7 {
            schedule.noteFailure("disk full", at: at(0), retryDelay: .seconds(1))
            waits.append(schedule.failure?.delay ?? .zero)
        }
        #expect(waits == [.seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30), .seconds(30)])
        #expect(schedule.noteRecovered() == "disk full")
        #expect(schedule.failure == nil && schedule.noteRecovered() == nil)
    }
}
