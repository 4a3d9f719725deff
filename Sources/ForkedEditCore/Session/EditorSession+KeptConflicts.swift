/// Where a merge kept both versions of something both sides changed differently: the merge
/// message names the lines, and the panes holding the merged text mark them until edited.
extension EditorSession {
    /// What a merge message adds when the merge kept both versions somewhere (the live merge
    /// view showed those places as conflicts just before): the text now holds both, for the
    /// user to choose from, on the lines named.
    public static func keptConflictsNote(_ lines: [Range<Int>]) -> String {
        guard !lines.isEmpty else { return "" }
        let shown = lines.prefix(4).map { "\($0.lowerBound + 1)" }.joined(separator: ", ") + (lines.count > 4 ? ", …" : "")
        return "; both versions kept at \(Self.count(lines.count, "conflict", plural: "conflicts")) (\(lines.count == 1 ? "line" : "lines") \(shown))"
    }

    /// Marks `lines` as kept conflicts in every pane whose text is `text` (the merged text they
    /// are lines of); returns whether any pane holds it.
    public func markKeptConflicts(_ lines: [Range<Int>], inPanesHolding text: String) -> Bool {
        var marked = false
        for index in panes.indices where panes[index].text == text {
            panes[index].state.markConflicts(lines)
            marked = true
        }
        return marked
    }
}
