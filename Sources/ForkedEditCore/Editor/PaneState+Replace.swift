extension PaneState {
    /// Replaces every `query` in the selection, or in the whole text when nothing is
    /// selected, with `replacement`, as one edit that one undo reverts. Matches are whole
    /// characters (grapheme clusters) and do not overlap. Returns how many were replaced.
    public mutating func replaceEvery(_ query: String, with replacement: String) -> Int {
        guard !query.isEmpty, query != replacement else { return 0 }
        let scope = selection ?? (start: .start, end: buffer.endPosition)
        let scopeStart = buffer.utf8Offset(of: scope.start)
        let scoped = buffer.text(from: scope.start, to: scope.end)
        let matches = scoped.ranges(of: query)
        guard let first = matches.first, let last = matches.last else { return 0 }
        // One change from the first match to the end of the last: one undo, one journal record.
        let span = scoped[first.lowerBound..<last.upperBound]
        let replaced = span.replacing(query, with: replacement)
        let from = scopeStart + scoped.utf8.distance(from: scoped.startIndex, to: first.lowerBound)
        let to = scopeStart + scoped.utf8.distance(from: scoped.startIndex, to: last.upperBound)
        // Not grouped: the replacement is an edit of its own, and typing after it starts another.
        let changed = replace(
            from: buffer.position(atUTF8Offset: from), to: buffer.position(atUTF8Offset: to), with: String(replaced), grouping: false
        )
        return changed ? matches.count : 0
    }
}
