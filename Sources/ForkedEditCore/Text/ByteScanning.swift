import Foundation

/// Fast scans of a string's UTF-8 bytes, for work that must stay cheap on megabyte texts.
enum ByteScanning {
    /// Calls `body` with the UTF-8 offset of each `"\n"` in `text`, in order, until `body`
    /// returns `false`.
    static func forEachNewline(in text: String, _ body: (Int) -> Bool) {
        forEach(UInt8(ascii: "\n"), in: text, body)
    }

    /// Whether `text` holds the byte `byte` (a whole file is scanned at memchr's speed, where
    /// `utf8.contains` goes a byte at a time).
    static func contains(_ byte: UInt8, in text: String) -> Bool {
        var found = false
        forEach(byte, in: text) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with the UTF-8 offset of each `byte` in `text`, in order, until `body`
    /// returns `false`.
    static func forEach(_ byte: UInt8, in text: String, _ body: (Int) -> Bool) {
        let scanned: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            // memchr compares many bytes at a time: a long line costs a fraction of a byte loop.
            while offset < bytes.count, let found = memchr(base + offset, Int32(byte), bytes.count - offset) {
                let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                if !body(position) { return }
                offset = position + 1
            }
        }
        guard scanned == nil else { return }
        // Bridged or otherwise non-contiguous strings: walk the view instead.
        for (offset, candidate) in text.utf8.enumerated() where candidate == byte {
            if !body(offset) { return }
        }
    }
}

extension ByteScanning {
    /// How many `"\n"` `text` holds.
    static func newlineCount(in text: some StringProtocol) -> Int {
        var count = 0
        forEachNewline(in: String(text)) { _ in
            count += 1
            return true
        }
        return count
    }
}

extension String {
    /// The substring between two UTF-8 offsets that lie on character boundaries.
    func utf8Slice(_ start: Int, _ end: Int) -> Substring {
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: end - start)
        return self[lower..<upper]
    }
}
