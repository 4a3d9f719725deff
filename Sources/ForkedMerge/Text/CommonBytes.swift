import Foundation

/// How many bytes two texts share at their start or at their end: what an edit left alone.
///
/// Every per-keystroke path of a large text starts here (the live merge's line index, the
/// character diff's trimming, a stored version's delta), so it runs at memory speed: 4 KB blocks
/// by `memcmp` (vectorised by the C library), then eight bytes at a time, where in the first
/// word that differs the lowest (or, from the end, highest) differing bit names the byte.
package enum CommonBytes {
    private static let block = 4096

    /// The length of the longest common prefix of two buffers.
    package static func prefix(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Int {
        let limit = min(first.count, second.count)
        guard limit > 0, let a = first.baseAddress, let b = second.baseAddress else { return 0 }
        return prefix(UnsafeRawPointer(a), UnsafeRawPointer(b), limit: limit)
    }

    /// The length of the longest common suffix of two buffers, at most `limit`.
    package static func suffix(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        guard limit > 0, let a = first.baseAddress, let b = second.baseAddress else { return 0 }
        return suffix(endingAt: UnsafeRawPointer(a + first.count), UnsafeRawPointer(b + second.count), limit: limit)
    }

    /// The length of the longest common prefix of the bytes at `first` and `second`, at most `limit`.
    package static func prefix(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, limit: Int) -> Int {
        var length = 0
        while length + block <= limit, memcmp(first + length, second + length, block) == 0 { length += block }
        while length + 8 <= limit {
            let difference = first.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                ^ second.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            if difference != 0 { return length + difference.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit, first.load(fromByteOffset: length, as: UInt8.self) == second.load(fromByteOffset: length, as: UInt8.self) {
            length += 1
        }
        return length
    }

    /// The length of the longest common suffix of the bytes ending at `first` and `second`
    /// (exclusive), at most `limit`.
    package static func suffix(endingAt first: UnsafeRawPointer, _ second: UnsafeRawPointer, limit: Int) -> Int {
        var length = 0
        while length + block <= limit, memcmp(first - length - block, second - length - block, block) == 0 { length += block }
        while length + 8 <= limit {
            let difference = first.loadUnaligned(fromByteOffset: -length - 8, as: UInt64.self)
                ^ second.loadUnaligned(fromByteOffset: -length - 8, as: UInt64.self)
            if difference != 0 { return length + difference.leadingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit,
              first.load(fromByteOffset: -length - 1, as: UInt8.self) == second.load(fromByteOffset: -length - 1, as: UInt8.self) {
            length += 1
        }
        return length
    }
}
