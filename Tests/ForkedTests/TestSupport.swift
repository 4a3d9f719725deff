import Forked

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
