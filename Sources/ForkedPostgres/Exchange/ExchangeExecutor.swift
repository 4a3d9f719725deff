import NIOCore
import NIOPosix

/// Where an exchange's tasks run: on the event loop its connections use, one of a few loops of
/// the exchanges' own.
///
/// An upload's turn at a document is a chain of round trips while every other device waits:
/// the server's answer arrives on the connection's event loop, and the next query leaves from it.
/// With the tasks on threads of their own, each round trip woke two more threads (the answer's
/// task, then the loop to send the next query): with fifty devices on two cores those wake-ups
/// were a good part of a turn. On the loop itself the task resumes in the loop's turn that read
/// the answer, and its query is written without a hand-over. Measured with fifty devices
/// (`forked-bench --sync URL --sync-only --sync-devices 50`, repositories on disk, three
/// alternating pairs): 179–221 commits a second instead of 129–167, propagation p99 367–447 ms
/// instead of 448–517.
///
/// Not Swift's cooperative pool, nor the event loops postgres-nio uses by default: a host program
/// that blocks those threads (a synchronous wait, a long computation, a test polling a
/// terminal) would stall every exchange, and an exchange's merges and disk flushes would stall
/// the host's own network I/O. Several loops, so that one exchange waiting on its disk holds up
/// only the exchanges that share its loop.
final class ExchangeExecutor: TaskExecutor {
    /// The loops every exchange in the process shares; their threads live as long as the process.
    private static let loops = MultiThreadedEventLoopGroup(numberOfThreads: 4)

    /// The loop this executor runs jobs on, and the one its exchange's connections use.
    let loop: any EventLoop

    private init(loop: any EventLoop) {
        self.loop = loop
    }

    /// An executor on the next of the shared loops, so that exchanges spread over them.
    static func next() -> ExchangeExecutor {
        ExchangeExecutor(loop: loops.next())
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        // Always queued, even on the loop itself: a job never runs inside another's step.
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
