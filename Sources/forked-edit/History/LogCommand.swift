import ArgumentParser
import ForkedHistory
import Foundation

/// `forked-edit log FILE`: the versions of a file, newest first.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List the recorded versions of a file, newest first.",
        discussion: """
            Each line shows a version's short id, its time, the fork or device that made it, the \
            characters it added and removed, and its first change. Name a version in show, diff \
            and restore by a unique prefix of its id, or @~N for N versions back on main.
            """
    )

    @Argument(help: ArgumentHelp("The edited file.", valueName: "file"))
    var filePath: String

    @Option(help: ArgumentHelp("Only the versions leading to this fork's newest one.", valueName: "name"))
    var fork: String?

    @Option(help: ArgumentHelp("Show at most this many versions.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, got \(limit)") }
    }

    func run() throws {
        try reportingFailures {
            let file = try FileHistory(path: filePath)
            var start: CommitID?
            if let fork {
                guard let head = try file.history.heads()[fork] else {
                    throw CommandFailure("\(filePath) has no history for fork '\(fork)'")
                }
                start = head
            }
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
            for entry in try file.history.log(from: start, limit: limit) {
                let counts = "+\(entry.insertedCount) -\(entry.deletedCount)"
                // The origin and the text are a peer's choice when versions came through --sync.
                let origin = TerminalSafeText.escaped(entry.commit.origin)
                print("\(entry.commit.id.short)  \(formatter.string(from: entry.commit.time))  \(origin)  \(counts)  \(TerminalSafeText.escaped(entry.summary()))")
            }
        }
    }
}
