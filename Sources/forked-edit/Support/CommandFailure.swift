import ArgumentParser
import Foundation

/// A failure the user can act on: printed as one line on standard error, then exit status 2.
struct CommandFailure: Error, CustomStringConvertible {
    /// The exit status for every failure caused by input or environment (as `diff` and `cmp` use 2).
    static let exitStatus: Int32 = 2

    /// What went wrong, naming the file or setting involved.
    let description: String

    init(_ description: String) {
        self.description = description
    }

    init(_ error: any Error) {
        description = String(describing: error)
    }
}

extension CommandFailure {
    /// Prints the failure and returns the exit code ArgumentParser should exit with.
    func report() -> ExitCode {
        let line = "forked-edit: " + description.replacingOccurrences(of: "\n", with: " ") + "\n"
        StandardStream.writeToError(line)
        return ExitCode(Self.exitStatus)
    }
}

/// Runs `body`, turning any error into a one-line message and exit status 2.
func reportingFailures<Result>(_ body: () throws -> Result) throws -> Result {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch let failure as CommandFailure {
        throw failure.report()
    } catch {
        throw CommandFailure(error).report()
    }
}
