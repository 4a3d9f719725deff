import Foundation

/// The document the editor opens when no file is given: `Assets/demo.txt` from the
/// repository when it can be found, otherwise a copy compiled into the binary, so a fresh
/// clone (or an installed binary) always has something to show.
enum DemoDocument {
    /// Where the demo lives inside the repository.
    static let relativePath = "Assets/demo.txt"

    /// The demo text: the first readable candidate file, else the built-in copy.
    static func text(
        executablePath: String = Bundle.main.executablePath ?? CommandLine.arguments.first ?? "",
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        for candidate in candidatePaths(executablePath: executablePath, currentDirectory: currentDirectory) {
            if let text = try? TextFileReader.read(candidate) { return text }
        }
        return embeddedText
    }

    /// The directories above the executable first (`.build/debug/forked-edit` sits a few
    /// levels below the checkout), then the current directory (someone in a checkout running
    /// an installed binary).
    static func candidatePaths(executablePath: String, currentDirectory: String) -> [String] {
        var paths: [String] = []
        var directory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            paths.append(directory.appendingPathComponent(relativePath).path)
            directory = directory.deletingLastPathComponent()
        }
        paths.append((currentDirectory as NSString).appendingPathComponent(relativePath))
        return paths
    }

    /// The built-in copy of `Assets/demo.txt`; a test keeps the two identical.
    static let embeddedText = """
        Welcome to forked-edit! Try it:
        left: change Tuesday to Thursday,
        Tab, right: old mill to lighthouse,
        then F5 merges both. F1: help.

        Dear Ada,
        Shall we meet on Tuesday at the
        old mill? Bring the map and what
        is left of the plum cake. Grace

        """
}
