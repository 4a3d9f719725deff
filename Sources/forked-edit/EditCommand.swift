import ArgumentParser
import Forked
import ForkedEditCore
import ForkedEditPersistence
import ForkedEditSync
import ForkedEditTerminal
import Foundation

/// `forked-edit [FILE] [--forks NAME,NAME | --fork NAME [--auto-merge]] [--fresh] [--record SESSION]
/// [--cast FILE]`: the editor.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a file in two forked panes that merge live (the default command).",
        discussion: """
            Without FILE, a demo document opens (saving asks for a file name). A FILE that does \
            not exist yet is created on the first save.

            Every keystroke is kept in .FILE.forked/ beside FILE, so reopening after a crash or \
            a quit restores both forks. With --fork NAME, several processes edit one FILE at once, \
            each in its own fork, seeing the most recently changed other fork live.
            """
    )

    @Argument(help: ArgumentHelp("The UTF-8 text file to edit.", valueName: "file"))
    var filePath: String?

    @Option(help: ArgumentHelp("Names of the two forks, left pane first (default: left,right).", valueName: "name,name"))
    var forks: String?

    @Option(help: ArgumentHelp(
        "Edit only this fork, shared with other forked-edit processes on the same file; the right pane shows another fork read-only.",
        valueName: "name"))
    var fork: String?

    @Option(help: ArgumentHelp(
        "Share FILE live with other devices through this PostgreSQL server (default: $FORKED_EDIT_SYNC); the right pane shows the server's version, F5 merges and publishes.",
        valueName: "postgres://user@host/db"))
    var sync: String?

    @Option(help: ArgumentHelp("With --sync: the document's name on the server (default: LOGIN/FILE's name, such as alice/plan.txt).", valueName: "name"))
    var document: String?

    @Flag(help: "With --fork or --sync: merge through main after every burst of edits.")
    var autoMerge = false

    @Option(help: ArgumentHelp("With --sync: the largest document taken from the server, in megabytes (default 32); a larger one stops the sync, the edits stay here.", valueName: "MB"))
    var syncLimit: Int?

    @Flag(help: "With --sync: also send the history of drafts never merged into main (by default only what you publish leaves this machine).")
    var syncDrafts = false

    @Flag(help: "If FILE's stored state (.FILE.forked/) is damaged, move it aside and start fresh from FILE.")
    var fresh = false

    @Flag(help: "Do not keep editing state beside FILE.")
    var noState = false

    @Option(help: ArgumentHelp("Record every key to this session file, for `forked-edit replay`.",
                               valueName: "session"))
    var record: String?

    @Option(help: ArgumentHelp("Record the screen as an asciicast v2 file, for asciinema.", valueName: "file"))
    var cast: String?

    @Flag(help: "Let --record and --cast replace files that already exist.")
    var force = false

    func run() throws {
        try reportingFailures {
            if fork != nil, forks != nil {
                throw CommandFailure("--fork and --forks cannot be used together: --fork edits one fork shared with other processes")
            }
            let forkNames = (forks ?? "left,right").split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let document = try openDocument()
            // Everything that can fail without a terminal (the file, the fork names, the stored
            // state, the sync server's login) is checked before the screen changes; the app
            // resizes the session to the terminal on start.
            let syncSettings = try EditorSync.settings(url: sync)
            if self.document != nil && syncSettings == nil {
                throw CommandFailure("--document names the document on the sync server: it needs --sync URL (or FORKED_EDIT_SYNC)")
            }
            let syncNotice = try syncSettings.flatMap(EditorSync.check)
            let sharedFork = fork ?? (syncSettings == nil ? nil : EditorSync.deviceFork)
            let (persistent, stateNotice) = try openState(
                text: document, forkNames: forkNames, sharedFork: sharedFork,
                // With --sync the right pane is the document as the server has it.
                shownFork: syncSettings == nil ? nil : EditorSync.serverFork
            )
            let editorSync = try syncSettings.map { settings in
                try EditorSync(
                    persistent: persistent, document: self.document ?? filePath.map { EditorSync.documentName(forFile: URL(fileURLWithPath: $0), settings: settings) },
                    settings: settings, documentNamed: self.document != nil, historyScope: syncDrafts ? .everything : .published(),
                    maximumDocumentBytes: try syncLimitBytes()
                )
            }
            defer { editorSync?.stop() }
            // Said at open, not first at the save that fails: the edits are kept beside the file,
            // and Ctrl-S will ask for another name.
            let readOnlyNotice = filePath.flatMap { path in
                FileManager.default.fileExists(atPath: path) && !AtomicFile.isWritable(path)
                    ? "\(URL(fileURLWithPath: path).lastPathComponent) is read-only: edits are kept beside it, Ctrl-S saves under another name"
                    : nil
            }
            let notices = [syncNotice ?? stateNotice, readOnlyNotice].compactMap { $0 }
            let notice = notices.isEmpty ? nil : notices.joined(separator: "; ")
            // Once everything checked out (a refusal stays one line): on standard error, where the
            // warning is still there after the editor quits.
            for warning in syncSettings?.warnings ?? [] { StandardStream.writeToError("forked-edit: warning: \(warning)\n") }
            let session = try persistent?.makeSession(fileName: filePath, columns: 80, rows: 24, writer: FileDocumentWriter())
                ?? EditorSession(
                    text: document, fileName: filePath, forkNames: forkNames,
                    columns: 80, rows: 24, writer: FileDocumentWriter()
                )
            if let notice { session.report(.warning(notice)) }
            // The session holds its version source weakly: this keeps it for the editor's life.
            let versions = persistent.map(HistoryVersions.init(document:))
            session.versionSource = versions
            let recordingSink = try record.map { try FileLineSink(path: $0, replacing: force) }
            let castSink = try cast.map { try FileLineSink(path: $0, replacing: force) }
            let terminal = try NcursesTerminal()
            defer { terminal.shutdown() }
            let size = terminal.size
            let recorder = try recordingSink.map { sink in
                try RecordingWriter(
                    header: RecordingHeader(columns: size.columns, rows: size.rows, forks: forkNames,
                                          document: document, fileName: filePath),
                    sink: sink
                )
            }
            let castWriter = try castSink.map { sink in
                try AsciicastWriter(columns: size.columns, rows: size.rows, title: "forked-edit", sink: sink)
            }
            // At a terminal, a key shows before the live merge follows it (see defersLiveMerge).
            session.defersLiveMerge = true
            let app = EditorApp(
                session: session, backend: terminal, recorder: recorder, cast: castWriter,
                inputTimeoutMilliseconds: persistent?.suggestedInputTimeoutMilliseconds ?? EditorApp.inputTimeoutMilliseconds,
                onIdle: { session in
                    let report = try persistent?.idle()
                    let stored = report.map { session.show($0) } ?? false
                    let synced = editorSync?.idle(session: session, autoMerged: report?.keptConflicts ?? []) ?? false
                    return session.checkFileOnDiskIfDue() || stored || synced
                }
            )
            do {
                try withExtendedLifetime(versions) { try app.run() }
            } catch {
                // Whatever stopped the editor, what was typed goes into the repository.
                try? persistent?.close()
                throw error
            }
            try persistent?.close()
        }
    }

    /// `--sync-limit` in bytes, or the exchange's default.
    private func syncLimitBytes() throws -> Int {
        guard let syncLimit else { return EditorSync.defaultMaximumDocumentBytes }
        guard (1...(1 << 20)).contains(syncLimit) else { throw CommandFailure("--sync-limit needs a number of megabytes from 1 to 1048576, got \(syncLimit)") }
        return syncLimit << 20
    }

    /// The file's stored editing state, or `nil` for the demo document, with `--no-state`, and
    /// (with a notice for the status line) where the state directory cannot be written.
    private func openState(
        text: String, forkNames: [String], sharedFork fork: String?, shownFork: Fork?
    ) throws -> (PersistentDocument?, notice: String?) {
        if autoMerge && fork == nil { throw CommandFailure("--auto-merge needs --fork NAME or --sync URL") }
        guard let filePath, !noState else {
            if sync != nil { throw CommandFailure("--sync needs a FILE and its stored state") }
            if fork != nil { throw CommandFailure("--fork needs a FILE and its stored state") }
            return (nil, nil)
        }
        let ownForks: [Fork]
        if let fork {
            guard !fork.isEmpty, fork != Fork.main.name else {
                throw CommandFailure("--fork needs a name other than 'main', got '\(fork)'")
            }
            ownForks = [Fork(name: fork)]
        } else {
            guard forkNames.count == 2, Set(forkNames).count == 2, forkNames.allSatisfy({ !$0.isEmpty && $0 != Fork.main.name }) else {
                throw EditorSessionError.invalidForkNames(forkNames)
            }
            ownForks = forkNames.map(Fork.init(name:))
        }
        let exists = FileManager.default.fileExists(atPath: filePath)
        do {
            let document = try StateDirectoryOpening.open(
                file: filePath, fileText: exists ? text : nil, ownForks: ownForks,
                sharing: fork != nil, autoMerge: autoMerge, fresh: fresh,
                shownFork: shownFork
            )
            return (document, nil)
        } catch PersistenceError.fileSystem(let path, let reason) where fork == nil {
            // A file in a directory the user cannot write to can still be read and edited;
            // only sharing a fork with other processes needs the state directory.
            return (nil, "Edits are not kept for crash recovery: \(path): \(reason)")
        } catch ForkedError.fileSystem(let path, let reason) where fork == nil {
            return (nil, "Edits are not kept for crash recovery: \(path): \(reason)")
        }
    }

    /// The text to edit: the file's, empty for a file still to be created, or the demo.
    /// A new file's directory must exist: the editor never creates directories.
    private func openDocument() throws -> String {
        guard let filePath else { return DemoDocument.text() }
        if let text = try TextFileReader.readIfPresent(filePath) { return text }
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("\(filePath): the directory \(directory) does not exist; create it first")
        }
        return ""
    }
}
