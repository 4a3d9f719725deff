#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Splits UTF-8 text into units whose boundaries are always grapheme cluster boundaries.
package enum TextSplitting {
    /// Start offsets of every line (each line ends after its `\n`), followed by the end offset.
    ///
    /// A position right after a line feed is always a grapheme boundary (`\r\n` stays whole).
    static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [Int] {
        guard !range.isEmpty, let base = bytes.baseAddress else { return [range.lowerBound] }
        var starts: [Int] = [range.lowerBound]
        starts.reserveCapacity(range.count / 40 + 2)
        var index = range.lowerBound
        // memchr scans for line feeds many bytes at a time.
        while index < range.upperBound, let found = memchr(base + index, 0x0A, range.upperBound - index) {
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if position + 1 < range.upperBound { starts.append(position + 1) }
            index = position + 1
        }
        starts.append(range.upperBound)
        return starts
    }

    /// Whether two buffers hold the same bytes, compared with memcmp.
    static func sameBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let firstBase = first.baseAddress, let secondBase = second.baseAddress else { return first.isEmpty }
        // The editor passes the unchanged texts back as the same storage.
        if firstBase == secondBase { return true }
        return memcmp(firstBase, secondBase, first.count) == 0
    }

    /// Whether `range` of `bytes` holds a line feed, found with memchr.
    static func containsLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Bool {
        guard !range.isEmpty, let base = bytes.baseAddress else { return false }
        return memchr(base + range.lowerBound, 0x0A, range.count) != nil
    }

    /// Whether `haystack[range]` holds the bytes of `needle[needleRange]` (an empty needle is
    /// found anywhere). memmem is a GNU extension Swift's Glibc module does not show: memchr
    /// finds each place the first byte occurs, memcmp compares the rest.
    package static func contains(
        _ haystack: UnsafeBufferPointer<UInt8>, in range: Range<Int>,
        _ needle: UnsafeBufferPointer<UInt8>, _ needleRange: Range<Int>
    ) -> Bool {
        let length = needleRange.count
        guard length > 0 else { return true }
        guard length <= range.count, let haystackBase = haystack.baseAddress, let needleBase = needle.baseAddress else { return false }
        let first = needle[needleRange.lowerBound]
        var position = range.lowerBound
        while position + length <= range.upperBound {
            guard let found = memchr(haystackBase + position, Int32(first), range.upperBound - length + 1 - position) else { return false }
            let start = haystackBase.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(haystackBase + start, needleBase + needleRange.lowerBound, length) == 0 { return true }
            position = start + 1
        }
        return false
    }

    /// Whether `range` of `bytes` holds anything but spaces, tabs, carriage returns and line feeds.
    static func containsNonSpacing(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Bool {
        for index in range {
            let byte = bytes[index]
            if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) { return true }
        }
        return false
    }

    /// Start offsets of content-defined word chunks in `range`, followed by the end offset.
    ///
    /// A chunk ends after every line feed and after a space whose preceding word hashes to a
    /// multiple of four, so chunks hold a few words and an edit only changes the chunks around
    /// it. Chunks are also cut after 64 bytes of text without such a boundary. Cuts are made
    /// after a line feed (always a grapheme boundary) or between two ASCII bytes other than
    /// `\r\n` (a boundary too: no ASCII byte but `\n` after `\r` joins the one before it).
    static func wordChunkStarts(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [range.lowerBound] }
        var starts: [Int] = [range.lowerBound]
        var wordHash: UInt32 = 2_166_136_261
        var chunkStart = range.lowerBound
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            let byte = bytes[index]
            let next = bytes[index + 1]
            let safeCut = byte < 0x80 && next < 0x80 && !(byte == 0x0D && next == 0x0A)
            if byte == 0x20 || byte == 0x0A {
                // Every line ends a chunk: an edit at a line's end (text appended to every
                // line, say) must not change the chunk holding the next line's first words.
                if byte == 0x0A || (safeCut && wordHash & 3 == 0) {
                    starts.append(index + 1)
                    chunkStart = index + 1
                }
                wordHash = 2_166_136_261
            } else {
                wordHash = (wordHash ^ UInt32(byte)) &* 16_777_619
                if safeCut, index + 1 - chunkStart >= 64 {
                    starts.append(index + 1)
                    chunkStart = index + 1
                }
            }
            index += 1
        }
        starts.append(range.upperBound)
        return starts
    }
}
