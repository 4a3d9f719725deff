import Foundation

/// UTF-8 bytes with a movable gap, for replaying journals: typing edits land next to each
/// other, so each replayed edit moves only a few bytes instead of the whole document.
struct ByteGapBuffer {
    private var storage: [UInt8]
    private var gapStart: Int
    private var gapEnd: Int

    /// A buffer holding `text`'s UTF-8 bytes.
    init(_ text: String) {
        storage = Array(text.utf8)
        gapStart = storage.count
        storage.append(contentsOf: repeatElement(0, count: 4096))
        gapEnd = storage.count
    }

    /// The number of bytes held.
    var count: Int { storage.count - (gapEnd - gapStart) }

    /// Replaces `range` (byte offsets into the current content) with `bytes`.
    mutating func replace(_ range: Range<Int>, with bytes: some Collection<UInt8>) {
        moveGap(to: range.lowerBound)
        gapEnd += range.count
        let needed = bytes.count
        if gapEnd - gapStart < needed { grow(by: needed) }
        storage.withUnsafeMutableBufferPointer { buffer in
            var index = gapStart
            for byte in bytes {
                buffer[index] = byte
                index += 1
            }
        }
        gapStart += needed
    }

    /// The content as a string, or `nil` when the bytes are not valid UTF-8.
    var text: String? {
        var bytes = Array(storage[..<gapStart])
        bytes.append(contentsOf: storage[gapEnd...])
        return String(validating: bytes, as: UTF8.self)
    }

    private mutating func moveGap(to offset: Int) {
        if offset < gapStart {
            let moved = gapStart - offset
            storage.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                _ = memmove(base + gapEnd - moved, base + offset, moved)
            }
            gapStart = offset
            gapEnd -= moved
        } else if offset > gapStart {
            let moved = offset - gapStart
            storage.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                _ = memmove(base + gapStart, base + gapEnd, moved)
            }
            gapStart += moved
            gapEnd += moved
        }
    }

    private mutating func grow(by needed: Int) {
        let extra = max(needed, storage.count / 2, 4096)
        let tail = Array(storage[gapEnd...])
        storage.removeSubrange(gapEnd...)
        storage.append(contentsOf: repeatElement(0, count: extra))
        gapEnd = storage.count
        storage.append(contentsOf: tail)
    }
}
