/// Interns byte slices of a few UTF-8 buffers (lines, word chunks) to integer IDs.
///
/// Slices are hashed eight bytes at a time and compared in full on a hash hit, so two different
/// slices never share an ID even if their hashes collide.
struct ByteSliceInterner {
    private let buffers: [UnsafeBufferPointer<UInt8>]
    private var idByHash: [UInt64: Int] = [:]
    /// Where each ID was first seen: buffer index and byte range.
    private var firstSeen: [(buffer: Int, range: Range<Int>)] = []
    /// IDs of slices whose hash collided with a different slice.
    private var collided: [[UInt8]: Int] = [:]

    /// Creates an interner over `buffers`, which must stay valid while it is used.
    init(buffers: [UnsafeBufferPointer<UInt8>], expectedCount: Int = 0) {
        self.buffers = buffers
        idByHash.reserveCapacity(expectedCount)
        firstSeen.reserveCapacity(expectedCount)
    }

    /// Returns the ID of `buffers[buffer][range]`.
    mutating func id(buffer: Int, range: Range<Int>) -> Int {
        let bytes = buffers[buffer]
        let hash = ByteSliceInterner.hash(bytes, range)
        if let id = idByHash[hash] {
            let seen = firstSeen[id]
            if ByteSliceInterner.equal(buffers[seen.buffer], seen.range, bytes, range) { return id }
            let key = Array(bytes[range])
            if let id = collided[key] { return id }
            let newID = firstSeen.count
            firstSeen.append((buffer, range))
            collided[key] = newID
            return newID
        }
        let newID = firstSeen.count
        idByHash[hash] = newID
        firstSeen.append((buffer, range))
        return newID
    }

    /// A fast 64-bit hash of a byte range, eight bytes per step.
    ///
    /// Ranges of sixteen bytes and more (lines) are hashed in two interleaved chains, each
    /// taking every other word, joined before the tail: one chain's multiply waits for the
    /// previous one, so two chains hash a line in about half the time.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(truncatingIfNeeded: range.count)
        var index = range.lowerBound
        // A range lies inside the buffer, so these bounds cannot overflow: wrapping arithmetic
        // spares the loops an overflow check per step.
        let end = range.upperBound
        if index &+ 16 <= end {
            var second: UInt64 = 0x1319_8A2E_0370_7344
            repeat {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let next = raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
                h = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
                second = (second ^ next) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 29
                second ^= second >> 29
                index &+= 16
            } while index &+ 16 <= end
            h = (h ^ (second << 31 | second >> 33)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
        }
        if index &+ 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            h = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            index &+= 8
        }
        let tail = partialWord(raw, bytes.count, index..<end)
        h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        return h
    }

    /// The fewer than eight bytes of `range` as one little-endian word, zero above them.
    ///
    /// Words, tokens and the ends of lines are mostly shorter than eight bytes: one load of the
    /// eight bytes ending (or starting) at the range, inside the buffer of `count` bytes, then a
    /// shift or mask, replaces a loop of dependent byte steps.
    @inline(__always)
    static func partialWord(_ raw: UnsafeRawPointer, _ count: Int, _ range: Range<Int>) -> UInt64 {
        let length = range.count
        if length == 0 { return 0 }
        if range.upperBound >= 8 {
            return raw.loadUnaligned(fromByteOffset: range.upperBound - 8, as: UInt64.self) >> UInt64(8 * (8 - length))
        }
        if range.lowerBound + 8 <= count {
            return raw.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self) & ((1 << UInt64(8 * length)) &- 1)
        }
        var word: UInt64 = 0
        for index in range.reversed() { word = word << 8 | UInt64(raw.load(fromByteOffset: index, as: UInt8.self)) }
        return word
    }

    /// Whether two byte ranges hold the same bytes.
    static func equal(
        _ first: UnsafeBufferPointer<UInt8>, _ firstRange: Range<Int>,
        _ second: UnsafeBufferPointer<UInt8>, _ secondRange: Range<Int>
    ) -> Bool {
        guard firstRange.count == secondRange.count else { return false }
        guard let a = first.baseAddress, let b = second.baseAddress else { return firstRange.isEmpty }
        let rawA = UnsafeRawPointer(a)
        let rawB = UnsafeRawPointer(b)
        var offset = 0
        let count = firstRange.count
        while offset + 8 <= count {
            if rawA.loadUnaligned(fromByteOffset: firstRange.lowerBound + offset, as: UInt64.self)
                != rawB.loadUnaligned(fromByteOffset: secondRange.lowerBound + offset, as: UInt64.self) { return false }
            offset += 8
        }
        return partialWord(rawA, first.count, (firstRange.lowerBound + offset)..<firstRange.upperBound)
            == partialWord(rawB, second.count, (secondRange.lowerBound + offset)..<secondRange.upperBound)
    }
}
