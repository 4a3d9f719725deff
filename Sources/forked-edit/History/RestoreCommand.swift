import ArgumentParser
import Forked
import ForkedEditCore
import ForkedEditPersistence
import ForkedEditSync
import Foundation

/// `forked-edit restore FILE VERSION`: that version's text becomes the newest.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Make a recorded version the newest version of main and write the file.",
        discussion: """
            History is never rewritten: the restored text is recorded as a new version. An editor \
            that has the file open takes the change in as a change made outside it.
            """
    )

    @Argument(help: ArgumentHelp("The edited file.", valueName: "file"))
    var filePath: String

    @Argument(help: ArgumentHelp("A unique prefix of a version's id, or @~N.", valueName: "version"))
    var version: String

    /// What happened to the forks, when some kept their own edits.
    private static func forksNote(_ restoration: StoredMain.Restoration) -> String {
        let kept = restoration.leftAsTheyWere.filter { $0 != EditorSync.serverFork }.map { "'\($0.name)'" }
        guard !kept.isEmpty else { return "" }
        return "; fork\(kept.count == 1 ? "" : "s") \(kept.joined(separator: ", ")) kept \(kept.count == 1 ? "its" : "their") "
            + "own edits and take\(kept.count == 1 ? "s" : "") the restored text in at the next merge"
    }

    func run() throws {
        try reportingFailures {
            let file = try FileHistory(path: filePath)
            let id = try file.resolve(version)
            let text = try file.history.value(at: id).text
            var lineEndings = LineEndings.unix
            if let data = FileManager.default.contents(atPath: filePath), let current = String(validating: data, as: UTF8.self) {
                lineEndings = LineEndings.normalize(current).lineEndings
            }
            try file.history.record(TextDocument(text: text), head: "main", origin: "restore")
            do {
                try AtomicFile.write(lineEndings.apply(to: text).utf8, to: file.file, options: .keepsExistingFile)
            } catch {
                throw CommandFailure("cannot write \(filePath): \(error)")
            }
            // Main itself is restored, so the whole text comes back (and is what --sync publishes),
            // not only what differs from the file as last saved. The server's version is the server's.
            let restoration = try StoredMain.restore(text, of: file.file, sparing: [EditorSync.serverFork])
            print("Restored \(filePath) to version \(id.short)" + (restoration.map(Self.forksNote) ?? ""))
        }
    }
}
