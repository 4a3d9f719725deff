import ArgumentParser
import ForkedEditCore
import ForkedEditPersistence
import ForkedHistory
import Foundation

/// `forked-edit history FILE --check | --repair`: whether every recorded version of a file can
/// still be read, and setting damaged ones aside.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Check the recorded versions of a file, or repair a damaged history.",
        discussion: """
            --check rebuilds every version and checks it against its digest: exit 0 when all \
            verify, 2 with what is damaged. --repair keeps the versions that verify (ids \
            unchanged), moves heads that named lost versions, and copies the old files into \
            .FILE.forked.corrupt-<time>/history/ first; nothing is deleted. The file itself is \
            never touched.
            """
    )

    @Argument(help: ArgumentHelp("The edited file.", valueName: "file"))
    var filePath: String

    @Flag(help: "Check every version (the default).")
    var check = false

    @Flag(help: "Keep what verifies and set the rest aside.")
    var repair = false

    func validate() throws {
        guard !(check && repair) else { throw ValidationError("Give --check or --repair, not both.") }
    }

    func run() throws {
        try reportingFailures {
            let file = URL(fileURLWithPath: filePath)
            let layout = ForkedDirectoryLayout(file: file)
            try layout.verifyOwnership()
            guard FileManager.default.fileExists(atPath: layout.history.appendingPathComponent("commits.log").path) else {
                throw CommandFailure("\(filePath) has no history yet (versions are recorded once it is edited in forked-edit)")
            }
            let name = file.lastPathComponent
            if repair {
                let aside = layout.asideLocation().appendingPathComponent("history", isDirectory: true)
                let found = try FileCommitStore.repair(directory: layout.history, as: TextDocument.self, settingAsideIn: aside)
                if found.isClean {
                    print("\(name): history is intact, nothing to repair (\(found.lines[0]))")
                } else {
                    for line in found.lines { print("\(name): \(line)") }
                    print("\(name): repaired: kept \(found.verified.count) versions; the damaged history is kept in \(aside.path)")
                }
                return
            }
            let report = try FileCommitStore.check(directory: layout.history, as: TextDocument.self)
            for line in report.lines { print("\(name): \(line)") }
            guard report.isClean else {
                StandardStream.writeToError("forked-edit: \(name)'s history is damaged; 'forked-edit history \(filePath) --repair' keeps what verifies\n")
                throw ExitCode(2)
            }
        }
    }
}
