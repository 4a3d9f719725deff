/// The units that survive a deletion, and conflicts joined into whole lines.
extension TextMergePolicy {
    /// The unit an edit inside text the other side deleted or replaced lives or yields with:
    /// the edited lines when the other side removed whole lines, otherwise the edited word with
    /// the whitespace after it (or before it, at the end of the deletion), so that neither a
    /// fragment of the word nor a word glued to its neighbour is left ("the cat sat" with "cat "
    /// deleted and "cart" typed gives "the cart sat"). An empty unit means the edit stands on its own.
    func survivingUnit(of edit: Range<Int>, inserting insertion: MergePiece, deletedBy deletion: Range<Int>) -> Range<Int>? {
        let typed = buffer(insertion.source)
        let typesText = !insertion.range.isEmpty
        // A deletion inside the other side's rewrite is judged by the words it cuts, not by lines.
        if typesText && isWholeLines(deletion) {
            // A whole line inserted between deleted lines stands on its own.
            if edit.isEmpty, startsLine(edit.lowerBound), typed[insertion.range.upperBound - 1] == 0x0A { return edit }
            return lineStart(edit.lowerBound)..<lineEnd(edit.isEmpty ? edit.lowerBound : edit.upperBound - 1)
        }
        // The edited word: the one the typed text glues onto, the edit cuts into, or the
        // insertion sits inside (``WordUnits``, so "2026-11-28" and "don't" stay whole).
        let words = WordUnits(bytes: ancestor)
        let typedWords = WordUnits(bytes: typed)
        func isWordAt(_ words: WordUnits, _ position: Int) -> Bool { words.scalar(at: position).map { WordUnits.isWordScalar($0.0) } ?? false }
        func isWordBefore(_ words: WordUnits, _ position: Int) -> Bool { words.scalar(before: position).map { WordUnits.isWordScalar($0.0) } ?? false }
        var lower = edit.lowerBound
        var upper = edit.upperBound
        let startsWord = (typesText && (isWordAt(typedWords, insertion.range.lowerBound) || typedWords.isInsideWord(insertion.range.lowerBound)))
            || (!edit.isEmpty && isWordAt(words, lower)) || words.isInsideWord(lower)
        if startsWord { lower = words.wordStart(endingAt: lower) }
        let endsWord = (typesText && (isWordBefore(typedWords, insertion.range.upperBound) || typedWords.isInsideWord(insertion.range.upperBound)))
            || (!edit.isEmpty && isWordBefore(words, upper)) || words.isInsideWord(upper)
        if endsWord { upper = words.wordEnd(startingAt: upper) }
        // An insertion glued to no word is a unit of its own.
        if edit.isEmpty && lower == edit.lowerBound && upper == edit.upperBound { return edit }
        // What the deletion would still remove around the unit: when that is only punctuation
        // and spaces (the quotes and comma around a list item), removing it alone would glue
        // the unit to its neighbours, so the deletion yields entirely.
        if typesText, lower >= deletion.lowerBound, upper <= deletion.upperBound,
           !containsWord(deletion.lowerBound..<lower), !containsWord(upper..<deletion.upperBound) {
            return deletion
        }
        if upper < deletion.upperBound, isSpace(ancestor[upper]) {
            while upper < deletion.upperBound, isSpace(ancestor[upper]) { upper += 1 }
        } else if lower > deletion.lowerBound, isSpace(ancestor[lower - 1]) {
            while lower > deletion.lowerBound, isSpace(ancestor[lower - 1]) { lower -= 1 }
        }
        return lower..<upper
    }

    /// A line edited in place inside a block of whole lines the other side deleted (or replaced
    /// by blank lines) yields with the block: kept alone, out of the lines around it, it would be
    /// an orphan (a table's header without its entries, one sentence of a removed paragraph),
    /// and a typo fixed in a paragraph the other side removed is moot. The yield is reported
    /// as a conflict, so nothing typed is dropped silently, unless the edit only changed spacing.
    /// Lines inserted between the deleted lines, and an edit of the only line deleted, are left
    /// to ``survivingUnit(of:inserting:deletedBy:)`` (they survive).
    func yieldToDeletion(of edit: Range<Int>, inserting insertion: MergePiece, deletedBy deletion: Range<Int>, leaving left: MergePiece) -> DeletionYield? {
        let typed = buffer(insertion.source)
        func onlySpacing(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
            range.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0A || bytes[$0] == 0x0D }
        }
        // Lines replaced by blank lines are deleted all the same.
        guard isWholeLines(deletion), onlySpacing(buffer(left.source), left.range) else { return nil }
        // An insertion adding lines (wherever around a line break the diff placed it) is new text, not an edit of a line.
        if edit.isEmpty, TextSplitting.containsLineFeed(typed, in: insertion.range) { return nil }
        let lines = lineStart(edit.lowerBound)..<lineEnd(edit.isEmpty ? edit.lowerBound : edit.upperBound - 1)
        guard lines.lowerBound >= deletion.lowerBound, lines.upperBound <= deletion.upperBound, lines != deletion else { return nil }
        // Text typed into a blank line is a new line, not an edit of one.
        if onlySpacing(ancestor, lines), !onlySpacing(typed, insertion.range) { return nil }
        return onlySpacing(typed, insertion.range) && onlySpacing(ancestor, edit) ? .silently : .reported
    }

    /// Whether `insertion` holds a line break while the other side's rewrite ends inside a
    /// line: kept after the rewrite, it would cut the rewrite's last line in two ("new new"
    /// and " line" from one line the rewrite wrote, with a blank line typed among the lines it
    /// replaced).
    func insertionBreaksLine(_ insertion: MergePiece, insideRewrite rewrite: MergePiece) -> Bool {
        let typed = buffer(insertion.source)
        let written = buffer(rewrite.source)
        guard !rewrite.range.isEmpty, TextSplitting.containsLineFeed(typed, in: insertion.range) else { return false }
        return written[rewrite.range.upperBound - 1] != 0x0A
    }

    /// Two conflicts on one line of the ancestor: the sides rewrote that line in several places
    /// and share little in it, so each side's whole line(s) are kept instead ("return x * 2" and
    /// "return x - 3" for "return x + 1", never "return x * - 2 3").
    func joinedConflicts(_ first: Range<Int>, _ second: Range<Int>) -> Range<Int>? {
        let gapStart = max(0, first.upperBound - 1)
        guard gapStart <= second.lowerBound, first.upperBound > 0 || second.lowerBound > 0 else { return nil }
        for index in gapStart..<second.lowerBound where ancestor[index] == 0x0A { return nil }
        let lower = lineStart(min(first.lowerBound, second.lowerBound))
        let last = max(first.upperBound, second.upperBound)
        let upper = last > lower && ancestor[last - 1] == 0x0A ? last : lineEnd(last)
        return lower..<upper
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether the ancestor's `range` holds a word character or a line break.
    private func containsWord(_ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            guard let scalar = scalar(at: position, in: ancestor) else { return false }
            if isWord(scalar) || scalar == "\n" { return true }
            position += scalar.utf8.count
        }
        return false
    }

    private func startsLine(_ position: Int) -> Bool { position == 0 || ancestor[position - 1] == 0x0A }

    private func isWholeLines(_ range: Range<Int>) -> Bool {
        startsLine(range.lowerBound) && (range.upperBound == ancestor.count || ancestor[range.upperBound - 1] == 0x0A)
    }

    /// The start of the ancestor line holding `position`.
    func lineStart(_ position: Int) -> Int {
        var start = position
        while start > 0, ancestor[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// The end (after its line feed) of the ancestor line holding `position`.
    func lineEnd(_ position: Int) -> Int {
        var end = position
        while end < ancestor.count, ancestor[end] != 0x0A { end += 1 }
        return min(ancestor.count, end + 1)
    }
}
