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

extension PaneState {
    /// Makes the whole text `newText` as one undoable edit that covers only what differs (the
    /// bytes both texts start and end with stay), so restoring a version or reloading a
    /// megabyte file journals the changed middle, not the megabyte. Returns whether the text
    /// changed.
    @discardableResult
    public mutating func replaceText(with newText: String) -> Bool {
        let old = buffer.text
        let (oldBytes, newBytes) = (Array(old.utf8), Array(newText.utf8))
        let shorter = min(oldBytes.count, newBytes.count)
        var prefix = 0
        while prefix < shorter, oldBytes[prefix] == newBytes[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, oldBytes[oldBytes.count - 1 - suffix] == newBytes[newBytes.count - 1 - suffix] { suffix += 1 }
        // Widened to whole characters of the old text; the bytes outside are the same in both,
        // so the new text's slice starts and ends at the same characters' edges.
        let start = buffer.position(atUTF8Offset: prefix)
        var end = buffer.position(atUTF8Offset: oldBytes.count - suffix)
        if buffer.utf8Offset(of: end) < oldBytes.count - suffix, let next = buffer.position(after: end) { end = next }
        let from = buffer.utf8Offset(of: start)
        let to = buffer.utf8Offset(of: end) + newBytes.count - oldBytes.count
        guard let middle = String(validating: newBytes[from..<to], as: UTF8.self) else {
            return replace(from: .start, to: buffer.endPosition, with: newText, grouping: false)
        }
        return replace(from: start, to: end, with: middle, grouping: false)
    }
}
