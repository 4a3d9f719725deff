import Foundation

/// Unsigned LEB128: seven bits per byte, low bits first, the high bit set on every byte but the
/// last. Small numbers (lengths, counts, offsets) take one byte, which is most of what a delta or
/// a commit header holds. Shared by the package's compact encodings (history records, deltas of
/// stored values); not public API.
package enum LEB128 {
    /// Appends `value` (not negative) to `data`.
    package static func append(_ value: Int, to data: inout Data) {
        var rest = UInt64(max(0, value))
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            data.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    /// Reads a number from the front of `bytes`, or `nil` when it is truncated or does not fit an `Int`.
    package static func read(_ bytes: inout Data.SubSequence) -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            guard shift < 63 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value <= UInt64(Int.max) ? Int(value) : nil }
            shift += 7
        }
        return nil
    }
}
