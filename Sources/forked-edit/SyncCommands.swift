import ArgumentParser
import ForkedEditSync
import ForkedPostgres
import Foundation

/// The server and document a sharing command acts on: `--sync URL` (or `FORKED_EDIT_SYNC`)
/// and FILE's document, as the editor names it.
struct SyncTarget: ParsableArguments {
    @Argument(help: ArgumentHelp("The synced file.", valueName: "file"))
    var filePath: String

    @Option(help: ArgumentHelp("The PostgreSQL server (default: $FORKED_EDIT_SYNC).", valueName: "postgres://user@host/db"))
    var sync: String?

    @Option(help: ArgumentHelp("The document's name on the server (default: as the editor names FILE's).", valueName: "name"))
    var document: String?

    /// The settings and the document's name.
    func resolve() throws -> (settings: PostgresSettings, document: String) {
        guard let settings = try EditorSync.settings(url: sync) else {
            throw CommandFailure("which server? give --sync postgres://user@host/db (or set FORKED_EDIT_SYNC)")
        }
        return (settings, document ?? EditorSync.documentName(forFile: URL(fileURLWithPath: filePath), settings: settings))
    }
}

/// `forked-edit sync-setup URL [--print]`: the database owner's one-time setup.
struct SyncSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-setup",
        abstract: "Set up a PostgreSQL database for --sync, once, as its owner.",
        discussion: """
            Creates (or migrates) the sync tables, functions and row-level security policies, owned \
            by the login in URL. Afterwards each person needs only a login with CONNECT on the \
            database; who may read and write each document is decided by its owner with \
            'forked-edit share'. --print writes the SQL instead, for administrators who run it themselves.
            """
    )

    @Argument(help: ArgumentHelp("The database (default: $FORKED_EDIT_SYNC).", valueName: "postgres://user@host/db"))
    var url: String?

    @Flag(help: "Print the SQL instead of connecting.")
    var print = false

    func run() throws {
        try reportingFailures {
            if print {
                try StandardStream.writeToOutput(SyncServerSetup.script)
                return
            }
            guard let settings = try EditorSync.settings(url: url) else {
                throw CommandFailure("which database? give postgres://user@host/db (or set FORKED_EDIT_SYNC)")
            }
            Swift.print(try SyncAdministration.setUp(settings: settings))
        }
    }
}

/// `forked-edit share FILE --with ROLE [--read-only]` and `--revoke ROLE`.
struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share a synced document with another role (a login or a group), or stop sharing it.",
        discussion: "Only the document's owner (the login that first published it) can. The server enforces it."
    )

    @OptionGroup var target: SyncTarget

    @Option(name: .customLong("with"), help: ArgumentHelp("Share with this role.", valueName: "role"))
    var role: String?

    @Flag(help: "With --with: the role may read the document, not change it.")
    var readOnly = false

    @Option(help: ArgumentHelp("Stop sharing with this role.", valueName: "role"))
    var revoke: String?

    func run() throws {
        try reportingFailures {
            let (settings, document) = try target.resolve()
            switch (role, revoke) {
            case (let role?, nil):
                try SyncAdministration.share(document, settings: settings, with: role, readOnly: readOnly)
                print("Shared '\(TerminalSafeText.escaped(document))' with \(TerminalSafeText.escaped(role)) \(readOnly ? "read-only" : "read-write")")
            case (nil, let role?):
                let wasMember = try SyncAdministration.revoke(document, settings: settings, from: role)
                print(wasMember
                    ? "Stopped sharing '\(TerminalSafeText.escaped(document))' with \(TerminalSafeText.escaped(role))"
                    : "'\(TerminalSafeText.escaped(document))' was not shared with \(TerminalSafeText.escaped(role))")
            default:
                throw CommandFailure("give --with ROLE (with --read-only if it may only read) or --revoke ROLE")
            }
        }
    }
}

/// `forked-edit members FILE`: who has a synced document.
struct MembersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: "List who has a synced document: its owner and the roles it is shared with."
    )

    @OptionGroup var target: SyncTarget

    func run() throws {
        try reportingFailures {
            let (settings, document) = try target.resolve()
            let members = try SyncAdministration.members(of: document, settings: settings)
            print("'\(TerminalSafeText.escaped(document))' on \(settings.description):")
            for member in members { print("  " + TerminalSafeText.escaped(member.description)) }
        }
    }
}
