/// What a file held, read as text a person edits (see ``OwnedFileDescriptor/readAllText()``).
public enum TextFileContents: Equatable, Sendable {
    /// Valid UTF-8 without NUL bytes.
    case text(String)
    /// A NUL byte somewhere: a binary file, whatever else it holds.
    case binary
    /// No NUL byte, but bytes that are not UTF-8.
    case notUTF8
}

extension OwnedFileDescriptor {
    /// Reads from the current position to the end of the file as text.
    ///
    /// The bytes are read straight into the string's storage and checked there, once: reading
    /// into an array and then copying it into a `String` touched every page twice, which for
    /// `forked-edit merge` on megabyte files was a good part of the time outside the merge.
    public func readAllText() throws -> TextFileContents {
        var verdict = TextBytes.Verdict.text
        var grown: [UInt8]?
        let text = try String(unsafeUninitializedCapacity: lengthHint() + 1) { buffer in
            let count = try fill(UnsafeMutableRawBufferPointer(buffer))
            guard count < buffer.count else {
                // The file grew while it was read: keep what was read and read on below.
                grown = Array(buffer)
                return 0
            }
            verdict = TextBytes.classify(UnsafeBufferPointer(rebasing: buffer[..<count]))
            // Invalid bytes are not handed to the string, which would repair them.
            return verdict == .text ? count : 0
        }
        if var grown {
            grown += try readAll()
            verdict = grown.withUnsafeBufferPointer { TextBytes.classify($0) }
            guard verdict == .text else { return verdict == .binary ? .binary : .notUTF8 }
            return .text(String(decoding: grown, as: UTF8.self))
        }
        switch verdict {
        case .text: return .text(text)
        case .binary: return .binary
        case .notUTF8: return .notUTF8
        }
    }
}

/// Classifies bytes as text in one pass: UTF-8 validation (Unicode's table of well-formed byte
/// sequences) with a NUL check folded in, eight ASCII bytes at a time.
package enum TextBytes {
    /// What the bytes are.
    package enum Verdict: Equatable {
        case text
        case binary
        case notUTF8
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// Whether `bytes` are valid UTF-8 without NUL (`.text`), hold a NUL (`.binary`, checked over
    /// all the bytes, so a binary file is called binary even where it is also invalid UTF-8), or
    /// neither (`.notUTF8`).
    package static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict {
        guard let base = bytes.baseAddress else { return .text }
        let count = bytes.count
        var index = 0
        while index < count {
            // Runs of ASCII without NUL, a word at a time.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let hasHighByte = word & highBits != 0
                let hasZeroByte = (word &- lowBits) & ~word & highBits != 0
                if hasHighByte || hasZeroByte { break }
                index += 8
            }
            guard index < count else { break }
            let lead = base[index]
            if lead < 0x80 {
                if lead == 0 { return .binary }
                index += 1
                continue
            }
            // Unicode 15, table 3-7: the lead byte fixes the length and the second byte's range.
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return invalid(bytes, from: index)
            }
            guard index + length <= count, (low...high).contains(base[index + 1]) else { return invalid(bytes, from: index) }
            for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 { return invalid(bytes, from: index) }
            index += length
        }
        return .text
    }

    /// Invalid UTF-8 at `index`: binary all the same when a NUL follows (none came before).
    private static func invalid(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Verdict {
        bytes[index...].contains(0) ? .binary : .notUTF8
    }
}
