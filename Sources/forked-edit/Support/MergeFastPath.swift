import ArgumentParser
import Foundation

/// `forked-edit merge` started without asking ArgumentParser, for git, which starts a merge
/// driver once per conflicting file.
///
/// ArgumentParser reflects over the command's properties, and each reflective cast makes the
/// Swift runtime scan every protocol conformance in this (large, statically linked) binary:
/// about 3 ms of a tiny merge's 4.5, and most of it goes on building the command's property
/// wrappers. The documented merge arguments are few, so they are read
/// here directly; anything else (`--help`, a typo, a missing file name, `--opt=value` forms it
/// does not know) returns `nil` and goes to ArgumentParser, which explains the problem. A test
/// runs both ways on the same argument lists and compares the results.
enum MergeFastPath {
    /// Setting this environment variable turns the fast path off (for that test).
    static let disablingVariable = "FORKED_EDIT_NO_FAST_PATH"

    /// The merge command `arguments` (without the program name) ask for, or `nil` when they
    /// are not a merge or not in a form read here.
    static func request(from arguments: ArraySlice<String>) -> MergeRequest? {
        guard arguments.first == "merge", getenv(disablingVariable) == nil else { return nil }
        var paths: [String] = []
        var output: String?
        var markers = false
        var labels: [String] = []
        var markerSize: Int?
        var stats = false
        var displayPath: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "-o", "--output":
                guard output == nil, let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                output = value
            case "-L", "--label":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                labels.append(value)
            case "--marker-size":
                guard markerSize == nil, let value = rest.popFirst(), !value.hasPrefix("-"), let size = Int(value) else { return nil }
                markerSize = size
            case "--path":
                guard displayPath == nil, let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                displayPath = value
            case "--markers":
                markers = true
            case "--stats":
                stats = true
            default:
                guard !argument.hasPrefix("-"), paths.count < 3 else { return nil }
                paths.append(argument)
            }
        }
        guard paths.count == 3 else { return nil }
        return MergeRequest(
            ancestorPath: paths[0], dominantPath: paths[1], subordinatePath: paths[2], outputPath: output,
            markers: markers, labels: labels, markerSize: markerSize ?? 7, stats: stats, displayPath: displayPath
        )
    }

    /// Runs the merge `arguments` ask for and exits, or returns when they are for ArgumentParser.
    static func runIfMerge(_ arguments: ArraySlice<String>) {
        guard let request = request(from: arguments) else { return }
        do {
            exit(try request.run())
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            // `run` reports its own failures and throws an exit code; anything else is said as ArgumentParser would.
            MergeCommand.exit(withError: error)
        }
    }
}
