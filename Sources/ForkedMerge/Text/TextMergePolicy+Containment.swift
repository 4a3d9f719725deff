/// A conflict in which one side's version holds the other's whole.
extension TextMergePolicy {
    /// Both sides rewrote the same text, and one side's version is the other's with more text
    /// added at one place, at token boundaries: for "[`old.py`]" rewritten as "[`ci.py`]" and as
    /// "[`src/ci/ci.py`]", both typed "ci.py" and one typed more, so the longer version alone is
    /// kept, as an insertion repeating the other side's is applied once. The shorter version
    /// must bring a word of its own against the ancestor's `range`: a deletion is never held in
    /// the other side's rewrite.
    func containingVersion(dominant: [MergePiece], subordinate: [MergePiece], range: Range<Int>) -> MergeSide? {
        let dominantBytes = bytes(of: dominant)
        let subordinateBytes = bytes(of: subordinate)
        guard dominantBytes.count != subordinateBytes.count else { return nil }
        let dominantIsShorter = dominantBytes.count < subordinateBytes.count
        let shorter = dominantIsShorter ? dominantBytes : subordinateBytes
        let longer = dominantIsShorter ? subordinateBytes : dominantBytes
        guard Self.bringsWord(shorter, against: Array(ancestor[range])) else { return nil }
        var prefix = 0
        while prefix < shorter.count, shorter[prefix] == longer[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter.count - prefix, shorter[shorter.count - 1 - suffix] == longer[longer.count - 1 - suffix] { suffix += 1 }
        guard prefix + suffix == shorter.count else { return nil }
        // The added text may sit at any place it can slide to; one with token boundaries at both ends will do.
        let added = longer.count - shorter.count
        var start = prefix
        while true {
            // The shorter version is cut there too: text added inside one of its words is a
            // second change of that word, not more of the same.
            if Self.isTokenBoundary(longer, start), Self.isTokenBoundary(longer, start + added), Self.isTokenBoundary(shorter, start) {
                return dominantIsShorter ? .subordinate : .dominant
            }
            guard start > 0, longer[start - 1] == longer[start - 1 + added] else { return nil }
            start -= 1
        }
    }

    /// Whether `version` holds a word character outside what it shares with `original` at
    /// its start and end.
    private static func bringsWord(_ version: [UInt8], against original: [UInt8]) -> Bool {
        var prefix = 0
        while prefix < min(version.count, original.count), version[prefix] == original[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(version.count, original.count) - prefix,
              version[version.count - 1 - suffix] == original[original.count - 1 - suffix] { suffix += 1 }
        return version[prefix..<(version.count - suffix)].contains(where: isWordByte)
    }

    /// Whether `position` of `bytes` does not split a word (non-ASCII bytes count as word).
    private static func isTokenBoundary(_ bytes: [UInt8], _ position: Int) -> Bool {
        guard position > 0, position < bytes.count else { return true }
        return !(isWordByte(bytes[position - 1]) && isWordByte(bytes[position]))
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || CharacterClass(asciiByte: byte) == .word
    }
}
