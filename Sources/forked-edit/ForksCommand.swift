import ArgumentParser
import Forked
import ForkedEditPersistence
import Foundation

/// `forked-edit forks FILE [--remove NAME]`: lists the forks kept beside a file, or removes one.
struct ForksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forks",
        abstract: "List the forks kept beside a file, or remove one.",
        discussion: """
            Each fork shows how it stands against main (edits not yet merged), its length, and \
            whether a running forked-edit holds it. A fork held by a running editor \
            cannot be removed.
            """
    )

    @Argument(help: ArgumentHelp("The edited file.", valueName: "file"))
    var filePath: String

    @Option(help: ArgumentHelp("Remove this fork (its edits not merged into main are discarded).", valueName: "name"))
    var remove: String?

    func run() throws {
        try reportingFailures {
            let file = URL(fileURLWithPath: filePath)
            if let remove {
                guard !remove.isEmpty, remove != Fork.main.name else {
                    throw CommandFailure("--remove needs a fork name other than 'main', got '\(remove)'")
                }
                do {
                    try StoredForks.remove(Fork(name: remove), of: file)
                } catch ForkedError.unknownFork {
                    throw CommandFailure("\(filePath) has no fork named '\(remove)'")
                } catch PersistenceError.forkInUse {
                    throw CommandFailure("fork '\(remove)' of \(filePath) is open in a running forked-edit; quit it first")
                }
                print("Removed fork '\(remove)' of \(filePath)")
                return
            }
            let entries = try StoredForks.list(of: file)
            print(Self.table(entries, file: filePath))
        }
    }

    /// The listing: one line per fork, columns aligned.
    static func table(_ entries: [StoredForks.Entry], file: String) -> String {
        guard !entries.isEmpty else { return "\(file): no forks besides main" }
        let rows = entries.map { entry -> [String] in
            [TerminalSafeText.escaped(entry.fork.name), describe(entry.standing), "\(entry.characters) characters", entry.isHeld ? "open in forked-edit" : ""]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            row.enumerated().map { column, cell in
                column < 3 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0) : cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return (["\(file): \(entries.count) fork\(entries.count == 1 ? "" : "s") besides main"] + lines.map { "  " + $0 })
            .joined(separator: "\n")
    }

    private static func describe(_ status: ForkStatus) -> String {
        switch status {
        case .inSync: "in sync with main"
        case .behind: "behind main"
        case .ahead(let edits): "ahead of main by \(edits) change\(edits == 1 ? "" : "s")"
        case .diverged(let edits): "diverged from main (\(edits) change\(edits == 1 ? "" : "s") of its own)"
        }
    }
}
