import ArgumentParser
import Foundation

/// The `forked-edit` command: the two-pane editor by default, plus `replay`, `merge`, `forks`,
/// the history commands and the sync server's `sync-setup`, `share` and `members`.
@main
struct ForkedEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forked-edit",
        abstract: "A terminal editor where two forks of one document merge live.",
        usage: """
            forked-edit [<file>] [--forks <name,name>] [--record <session>] [--cast <file>] [--force] [--fresh] [--no-state]
            forked-edit <file> --fork <name> [--auto-merge] [--fresh]
            forked-edit <file> --sync <postgres://user@host/db> [--document <name>] [--auto-merge] [--sync-drafts]
                                 [--sync-limit <MB>]
            forked-edit replay <session> [--speed <x>] [--instant] [--headless] [--size <columnsxrows>]
                               [--print-screen] [--print-document] [--print-main] [--cast <file>] [--force]
            forked-edit merge <ancestor> <dominant> <subordinate> [-o <out>] [--markers] [-L <label>]... [--marker-size <n>] [--stats]
                              [--path <path>]
            forked-edit forks <file> [--remove <name>]
            forked-edit log <file> [--fork <name>] [--limit <n>]
            forked-edit show <file> <version>
            forked-edit diff <file> <version> [<version>] [--context <lines>] [--whole]
            forked-edit restore <file> <version>
            forked-edit history <file> [--check] [--repair]
            forked-edit sync-setup <postgres://owner@host/db> [--print]
            forked-edit share <file> (--with <role> [--read-only] | --revoke <role>) [--sync <url>] [--document <name>]
            forked-edit members <file> [--sync <url>] [--document <name>]
            """,
        discussion: "Every option of the editor itself is described by 'forked-edit help edit'.",
        version: ForkedEditVersion.current,
        subcommands: [EditCommand.self, ReplayCommand.self, MergeCommand.self, ForksCommand.self, LogCommand.self, ShowCommand.self,
                      DiffCommand.self, RestoreCommand.self, HistoryCommand.self, SyncSetupCommand.self, ShareCommand.self,
                      MembersCommand.self],
        defaultSubcommand: EditCommand.self
    )

    /// Starts a merge without ArgumentParser when its arguments allow (see ``MergeFastPath``),
    /// else parses and runs the command as usual.
    static func main() {
        MergeFastPath.runIfMerge(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            // A command line that cannot be read is bad input like any other: status 2 (as the
            // README says, and as a git merge driver's caller expects), not ArgumentParser's 64.
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let message = fullMessage(for: error)
            StandardStream.writeToError(message.hasSuffix("\n") ? message : message + "\n")
            Foundation.exit(2)
        }
    }
}
