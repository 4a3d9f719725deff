/// Two-way merges: two texts with no common ancestor.
extension TextMerger {
    /// Merges two texts that share no ancestor (two devices that each started the document, a
    /// file joining a shared document it was never part of), losing neither.
    ///
    /// The lines both texts hold, in the order both hold them, stand in for the ancestor: those
    /// lines are kept once, and each text's other lines are kept where they are, the dominant
    /// text's first where both have lines at one place. Two texts that only differ in one
    /// having more lines merge to the longer one; two texts that share nothing are both kept
    /// whole, dominant first, each on lines of its own.
    ///
    /// ```swift
    /// TextMerger().salvaging("shared\nmine\n", from: "shared\ntheirs\n")   // "shared\nmine\ntheirs\n"
    /// ```
    public func salvaging(_ dominant: String, from subordinate: String) -> String {
        if dominant == subordinate || subordinate.isEmpty { return dominant }
        if dominant.isEmpty { return subordinate }
        // Each text as lines that all end with a line break, so that a last line without one is
        // not glued to the other text's last line; the break is taken off again if neither had it.
        let unterminated = !dominant.hasSuffix("\n") && !subordinate.hasSuffix("\n")
        let first = dominant.hasSuffix("\n") ? dominant : dominant + "\n"
        let second = subordinate.hasSuffix("\n") ? subordinate : subordinate + "\n"
        let merged = mergeReportingConflicts(first, withSubordinate: second, commonAncestor: Self.sharedLines(first, second)).text
        return unterminated && merged.hasSuffix("\n") ? String(merged.dropLast()) : merged
    }

    /// Whether `text` reads as an edited copy of `earlier`: at least half of `earlier`'s bytes
    /// are in lines `text` still holds, in order. A file joining a shared document that started
    /// from a copy of it is then merged three-way against that version
    /// (``Mergeable/descends(from:)``), and what `earlier` holds that `text` lost is merged as
    /// a deletion.
    ///
    /// Lines, not characters: any two English texts share many letters in order, and a false
    /// "copy" would delete the document's text, where a missed one only keeps both versions.
    ///
    /// ```swift
    /// TextMerger().descends("title\nmy line\nbody\n", from: "title\nbody\n")   // true
    /// TextMerger().descends("other\n", from: "title\nbody\n")                   // false
    /// ```
    public func descends(_ text: String, from earlier: String) -> Bool {
        if text == earlier { return true }
        guard !earlier.isEmpty, !text.isEmpty else { return false }
        return Self.sharedLines(earlier, text).utf8.count * 2 >= earlier.utf8.count
    }

    /// The lines of `first` that a line diff matches with lines of `second`, in order.
    static func sharedLines(_ first: String, _ second: String) -> String {
        TextMergeComputation.withBuffers(first, second, "") { firstBytes, secondBytes, _ in
            let firstLines = TextLines(firstBytes)
            let secondLines = TextLines(secondBytes)
            let diff = TextDiff(
                ancestor: firstBytes, ancestorLineStarts: firstLines.starts, ancestorLineIDs: firstLines.ids,
                side: secondBytes, sideLineStarts: secondLines.starts, sideLineIDs: secondLines.ids
            )
            var shared: [UInt8] = []
            var cursor = 0
            for hunk in diff.lineHunks() {
                let start = firstLines.starts[hunk.ancestor.lowerBound]
                shared.append(contentsOf: firstBytes[cursor..<start])
                cursor = firstLines.starts[hunk.ancestor.upperBound]
            }
            shared.append(contentsOf: firstBytes[cursor...])
            return String(decoding: shared, as: UTF8.self)
        }
    }
}
