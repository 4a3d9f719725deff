@testable import ForkedMerge
import Foundation
import Synchronization
import Testing

/// The calling thread and a helper share pieces of work; the caller never waits for a helper
/// that has not started, and with the memory kept alive never waits for the helper at all.
@Suite struct SharedPiecesTests {
    /// Texts long enough to be kept alive by an owner.
    private let owner = TextStorageOwner(keeping: [String(repeating: "kept alive ", count: 4)])

    @Test func everyPieceHasItsResultInOrder() {
        for redoing in [true, false] {
            for keeper in [owner, nil] {
                let results = SharedPieces.run(count: 100, owner: keeper, redoing: redoing) { index, _ in index * index }
                #expect(results == (0..<100).map { $0 * $0 })
            }
        }
    }

    @Test func aHelperThatNeverStartsIsNotWaitedFor() {
        for keeper in [owner, nil] {
            let helper = HeldHelper()
            let results = SharedPieces.run(count: 8, owner: keeper, redoing: false, launcher: { helper.hold($0) }) { index, _ in index + 1 }
            #expect(results == Array(1...8))
            // Started after the call returned, it finds every piece taken and does none.
            #expect(helper.runHeld() == 1)
        }
    }

    @Test func aPieceTheHelperHoldsIsWaitedForOrRedone() {
        // The helper takes the first piece and is slow with it; the caller takes the rest.
        for (keeper, redoing) in [(owner, false), (nil, false), (owner, true)] {
            let helperStarted = DispatchSemaphore(value: 0)
            let doneBy = PiecesDone()
            // The helper thread is told apart by its pthread ID (a name set on a detached
            // Foundation thread was not always visible to it).
            let helperThread = Atomic<UInt>(0)
            let results = SharedPieces.run(
                count: 4, owner: keeper, redoing: redoing,
                launcher: { share in
                    Thread.detachNewThread {
                        helperThread.store(UInt(pthread_self()), ordering: .sequentiallyConsistent)
                        share()
                    }
                    // The caller starts only once the helper holds the first piece; a helper
                    // that never does fails the test rather than hanging it.
                    if helperStarted.wait(timeout: .now() + 30) == .timedOut {
                        Issue.record("the helper never took the first piece")
                    }
                }
            ) { index, _ in
                let isHelper = UInt(pthread_self()) == helperThread.load(ordering: .sequentiallyConsistent)
                let thread = isHelper ? "helper" : "caller"
                if thread == "helper" && index == 0 {
                    helperStarted.signal()
                    Thread.sleep(forTimeInterval: 0.2)
                }
                doneBy.note(index, by: thread)
                return index * 10
            }
            #expect(results == [0, 10, 20, 30])
            let piecesDone = doneBy.byPiece
            if redoing {
                // The caller did piece 0 itself rather than wait for the helper's.
                #expect(piecesDone[0]?.contains("caller") == true)
            } else {
                #expect(piecesDone[0] == ["helper"])
            }
        }
    }
}

/// Which thread did each piece, from both threads.
private final class PiecesDone: Sendable {
    private let threads = Mutex<[Int: [String]]>([:])

    func note(_ piece: Int, by thread: String) { threads.withLock { $0[piece, default: []].append(thread) } }

    var byPiece: [Int: [String]] { threads.withLock { $0 } }
}
