/// Reading characters and scalars near a byte position of one of the texts.
extension TextMergePolicy {
    /// Moves `position` back to the start of the scalar containing it.
    func startOfScalar(at position: Int) -> Int {
        var index = position
        while index > 0, index < ancestor.count, ancestor[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Character] {
        guard !range.isEmpty else { return [] }
        return Array(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    func firstCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Character? {
        guard !range.isEmpty else { return nil }
        var end = range.upperBound
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self).first
    }

    func lastCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Character? {
        guard !range.isEmpty else { return nil }
        var start = max(range.lowerBound, range.upperBound - 32)
        while start > range.lowerBound, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<range.upperBound]), as: UTF8.self).last
    }

    /// The scalar ending at `position`, if any.
    func scalar(before position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard position > 0, position <= bytes.count else { return nil }
        var start = position - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self).unicodeScalars.first
    }

    /// The scalar starting at `position`, if any.
    func scalar(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard position >= 0, position < bytes.count else { return nil }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self).unicodeScalars.first
    }
}
