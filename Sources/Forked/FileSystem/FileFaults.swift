import Dispatch
import Foundation
import Synchronization
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Injected I/O faults, as SQLite's test VFS does: every system call that changes a file
/// (open, write, flush, truncate, lock, rename, remove, attribute change) passes through
/// ``check(_:path:)``, which can make the chosen one fail with a chosen error (a full disk,
/// an I/O error), stall until a test lets it go on, or kill the process there.
///
/// A plan applies only to files under one directory, so tests running in parallel in other
/// directories are untouched. With no plan installed a check is one atomic load.
///
/// A child process picks up a plan from the environment variable `FORKED_TEST_FAULTS`
/// (`kill:STEP:DIRECTORY` or `fail:STEP:ERRNO:DIRECTORY`), so a test can kill a real editor
/// after its n-th system call.
@_spi(FaultInjection)
public enum FileFaults {
    /// The kinds of system call a plan counts.
    public enum Operation: String, Sendable, CaseIterable {
        case open, write, sync, truncate, lock, attributes, rename, remove
    }

    /// What happens at the chosen step.
    public enum Action: Sendable, Equatable {
        /// The call fails with this error number (`ENOSPC`, `EIO`, ...) without doing anything.
        case fail(Int32)
        /// The process dies there, with `SIGKILL`, as in a power cut or `kill -9`.
        case kill
        /// The call waits until the gate opens, as on a disk that stalls, then goes ahead.
        case hold(Gate)
    }

    /// A point where a held call waits; the test sees when it is reached and opens it.
    public final class Gate: Sendable, Equatable {
        private let reachedSignal = DispatchSemaphore(value: 0)
        private let openSignal = DispatchSemaphore(value: 0)

        /// Creates a closed gate.
        public init() {}

        /// Waits up to `timeout` for a call to reach the gate; whether one did.
        public func waitUntilReached(timeout: DispatchTimeInterval = .seconds(10)) -> Bool {
            reachedSignal.wait(timeout: .now() + timeout) == .success
        }

        /// Lets the held call go ahead.
        public func open() {
            openSignal.signal()
        }

        func hold() {
            reachedSignal.signal()
            openSignal.wait()
        }

        /// Gates are equal only to themselves.
        public static func == (lhs: Gate, rhs: Gate) -> Bool { lhs === rhs }
    }

    /// A plan: count the calls on files under ``directory`` and act at call number ``step``.
    public struct Plan: Sendable, Equatable {
        /// Only files whose path starts with this directory's path are counted.
        public var directory: String
        /// The 1-based number of the call that faults; `nil` only counts.
        public var step: Int?
        /// What the faulting call does.
        public var action: Action
        /// Only calls of these kinds are counted.
        public var operations: Set<Operation>

        /// Creates a plan.
        public init(directory: URL, step: Int?, action: Action = .fail(ENOSPC), operations: Set<Operation> = Set(Operation.allCases)) {
            self.directory = directory.standardizedFileURL.path
            self.step = step
            self.action = action
            self.operations = operations
        }
    }

    /// What a plan saw while it was installed.
    public struct Outcome: Sendable, Equatable {
        /// How many counted calls happened.
        public var steps: Int
        /// Each counted call, in order, as `operation path`.
        public var calls: [String]
        /// Whether the fault fired.
        public var fired: Bool
    }

    private struct Installed {
        var plan: Plan
        var outcome = Outcome(steps: 0, calls: [], fired: false)
    }

    private static let active = Atomic<Int>(0)
    // A lock-based value rather than `Synchronization.Mutex`, whose futex the thread sanitizer
    // does not see as synchronization.
    private static let plans = ProtectedValue<[UUID: Installed]>([:])
    private static let environmentPlan: Plan? = parseEnvironment()

    /// Runs `body` with `plan` installed, then removes it and returns what happened together
    /// with `body`'s result or error.
    public static func run<Result>(
        _ plan: Plan, _ body: () throws -> Result
    ) -> (outcome: Outcome, result: Swift.Result<Result, any Error>) {
        let id = UUID()
        plans.withLock { $0[id] = Installed(plan: plan) }
        active.add(1, ordering: .sequentiallyConsistent)
        let result = Swift.Result { try body() }
        active.subtract(1, ordering: .sequentiallyConsistent)
        let outcome = plans.withLock { $0.removeValue(forKey: id)?.outcome } ?? Outcome(steps: 0, calls: [], fired: false)
        return (outcome, result)
    }

    /// Called before every changing system call; throws the injected error when the plan says so.
    static func check(_ operation: Operation, path: String) throws(Errno) {
        if let plan = environmentPlan, applies(plan, operation, path) {
            try environmentStep(plan)
        }
        guard active.load(ordering: .relaxed) > 0 else { return }
        let action: Action? = plans.withLock { installed in
            for (id, var entry) in installed where applies(entry.plan, operation, path) {
                entry.outcome.steps += 1
                entry.outcome.calls.append("\(operation.rawValue) \(path)")
                var fault: Action?
                if entry.outcome.steps == entry.plan.step {
                    entry.outcome.fired = true
                    fault = entry.plan.action
                }
                installed[id] = entry
                if let fault { return fault }
            }
            return nil
        }
        switch action {
        case .fail(let code)?: throw Errno(rawValue: code)
        case .kill?: kill(getpid(), SIGKILL)
        case .hold(let gate)?: gate.hold()
        case nil: return
        }
    }

    private static func applies(_ plan: Plan, _ operation: Operation, _ path: String) -> Bool {
        plan.operations.contains(operation) && (path == plan.directory || path.hasPrefix(plan.directory + "/"))
    }

    private static let environmentSteps = Atomic<Int>(0)

    private static func environmentStep(_ plan: Plan) throws(Errno) {
        let step = environmentSteps.add(1, ordering: .sequentiallyConsistent).newValue
        guard step == plan.step else { return }
        switch plan.action {
        case .fail(let code): throw Errno(rawValue: code)
        case .kill: kill(getpid(), SIGKILL)
        case .hold(let gate): gate.hold()
        }
    }

    private static func parseEnvironment() -> Plan? {
        // One variable read with getenv: building the whole environment dictionary costs a tenth of a
        // short command's start-up.
        guard let raw = getenv("FORKED_TEST_FAULTS") else { return nil }
        let value = String(cString: raw)
        let parts = value.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "kill" where parts.count >= 3:
            guard let step = Int(parts[1]) else { return nil }
            let directory = parts[2...].joined(separator: ":")
            return Plan(directory: URL(fileURLWithPath: directory), step: step, action: .kill)
        case "fail" where parts.count == 4:
            guard let step = Int(parts[1]), let code = Int32(parts[2]) else { return nil }
            return Plan(directory: URL(fileURLWithPath: parts[3]), step: step, action: .fail(code))
        default:
            return nil
        }
    }
}
