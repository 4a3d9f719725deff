/// Narrowing a changed region to the words that differ.
extension CharacterRefinement {
    /// Drops the common prefix and suffix of two regions, keeping whole words: each cut is made
    /// right after an ASCII space, tab or line feed and before an ASCII byte, which is a token
    /// boundary and always a grapheme boundary. Most changed lines differ in a word or two, so
    /// this leaves the word and character diffs very little to do.
    static func trimmedToChangedWords(
        _ ancestor: UnsafeBufferPointer<UInt8>, _ ancestorRange: Range<Int>,
        _ side: UnsafeBufferPointer<UInt8>, _ sideRange: Range<Int>
    ) -> (Range<Int>, Range<Int>) {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
        let shorter = min(ancestorRange.count, sideRange.count)
        var prefix = 0
        if let ancestorBase = ancestor.baseAddress, let sideBase = side.baseAddress {
            prefix = CommonBytes.prefix(
                UnsafeRawPointer(ancestorBase + ancestorRange.lowerBound), UnsafeRawPointer(sideBase + sideRange.lowerBound), limit: shorter
            )
        }
        while prefix > 0 {
            let a = ancestorRange.lowerBound + prefix
            let b = sideRange.lowerBound + prefix
            let cutAfterSpace = isSpace(ancestor[a - 1])
            let nextIsASCII = (a == ancestorRange.upperBound || ancestor[a] < 0x80) && (b == sideRange.upperBound || side[b] < 0x80)
            if cutAfterSpace && nextIsASCII { break }
            prefix -= 1
        }
        var suffix = 0
        if let ancestorBase = ancestor.baseAddress, let sideBase = side.baseAddress {
            suffix = CommonBytes.suffix(
                endingAt: UnsafeRawPointer(ancestorBase + ancestorRange.upperBound), UnsafeRawPointer(sideBase + sideRange.upperBound),
                limit: shorter - prefix
            )
        }
        while suffix > 0 {
            let a = ancestorRange.upperBound - suffix
            let b = sideRange.upperBound - suffix
            let cutAfterSpace = a > ancestorRange.lowerBound + prefix && isSpace(ancestor[a - 1])
                && b > sideRange.lowerBound + prefix && isSpace(side[b - 1])
            if cutAfterSpace && ancestor[a] < 0x80 { break }
            suffix -= 1
        }
        return (
            (ancestorRange.lowerBound + prefix)..<(ancestorRange.upperBound - suffix),
            (sideRange.lowerBound + prefix)..<(sideRange.upperBound - suffix)
        )
    }

    static func classOfScalar(endingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> CharacterClass? {
        if bytes[position - 1] < 0x80 { return CharacterClass(asciiByte: bytes[position - 1]) }
        var start = position - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self).unicodeScalars.first else { return nil }
        return CharacterClass(scalar)
    }

    static func classOfScalar(startingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> CharacterClass? {
        if bytes[position] < 0x80 { return CharacterClass(asciiByte: bytes[position]) }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        guard let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self).unicodeScalars.first else { return nil }
        return CharacterClass(scalar)
    }
}
