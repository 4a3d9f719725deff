import Forked
import Foundation

/// A text that merges by keeping both sides' added lines, to observe three-way merges.
struct Lines: Mergeable, Equatable, Codable {
    var lines: [String]

    init(_ lines: String...) { self.lines = lines }

    func merged(withSubordinate other: Lines, commonAncestor: Lines) throws -> Lines {
        let added = other.lines.filter { !commonAncestor.lines.contains($0) && !lines.contains($0) }
        let removedByOther = commonAncestor.lines.filter { !other.lines.contains($0) }
        var result = Lines()
        result.lines = (lines + added).filter { !removedByOther.contains($0) }
        return result
    }
}

let left = Fork(name: "left")
let right = Fork(name: "right")

/// A new empty directory under the system's temporary directory; the caller removes it.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("forked-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Whether `error` is a corrupt-repository error whose reason mentions `words`.
func isCorruption(_ error: any Error, mentioning words: String) -> Bool {
    guard case ForkedError.corruptRepository(_, let reason) = error else { return false }
    return reason.contains(words)
}
