import ForkedPostgres

/// The exchange pacing a sync benchmark runs with: this build's, and the one it replaced, so
/// that both are measured side by side in one run on one server.
enum SyncPacing: String, Sendable {
    /// The exchange's defaults: an upload or a handling of announcements starts at once unless
    /// one started within its spacing (25 ms for uploads; 5–100 ms for receiving, adapted to
    /// what a handling costs).
    case current
    /// The pacing before: uploads at most every 150 ms (the editor's setting then) and
    /// announcements handled at most every 100 ms, whatever a handling cost.
    case previous

    /// The exchange options this pacing stands for, the rest at their defaults.
    var options: PostgresExchange<SyncBenchDevice.Repository>.Options {
        var options = PostgresExchange<SyncBenchDevice.Repository>.Options()
        if self == .previous {
            options.uploadDelay = .milliseconds(150)
            options.receiveSpacing = .milliseconds(100)
            options.minimumReceiveSpacing = .milliseconds(100)
        }
        return options
    }

    /// How a table names it.
    var label: String {
        switch self {
        case .current: "this build"
        case .previous: "pacing before"
        }
    }
}
