import Foundation
import ForkedMerge

/// The changes that turn one text into another, as UTF-8 replacements, compactly encoded.
///
/// Encoding: for each change, in order, three unsigned LEB128 numbers (unchanged bytes since the
/// previous change, bytes removed, bytes inserted) followed by the inserted bytes.
public struct TextDelta: Equatable, Sendable {
    /// One replacement: skip `retain` bytes, remove `remove` bytes, insert `insert`.
    public struct Edit: Equatable, Sendable {
        /// Unchanged bytes before this edit, counted from the end of the previous one.
        public var retain: Int
        /// Bytes of the old text removed.
        public var remove: Int
        /// UTF-8 bytes inserted.
        public var insert: [UInt8]
    }

    /// The edits, in text order.
    public var edits: [Edit]

    /// The word-level changes from `old` to `new` (``TextDifference``).
    public init(from old: String, to new: String) {
        let newBytes = Array(new.utf8)
        var position = 0
        edits = TextDifference(from: old, to: new).changes.map { change in
            defer { position = change.old.upperBound }
            return Edit(retain: change.old.lowerBound - position, remove: change.old.count, insert: Array(newBytes[change.new]))
        }
    }

    /// Decodes a delta's bytes.
    public init(encoded: Data) throws {
        var bytes = encoded[...]
        var edits: [Edit] = []
        while !bytes.isEmpty {
            guard let retain = TextDelta.leb128(&bytes), let remove = TextDelta.leb128(&bytes), let count = TextDelta.leb128(&bytes),
                  count <= bytes.count else { throw HistoryError.corruptDelta("truncated text delta") }
            edits.append(Edit(retain: retain, remove: remove, insert: Array(bytes.prefix(count))))
            bytes = bytes.dropFirst(count)
        }
        self.edits = edits
    }

    /// The encoded bytes.
    public var encoded: Data {
        var data = Data()
        for edit in edits {
            TextDelta.appendLEB128(edit.retain, to: &data)
            TextDelta.appendLEB128(edit.remove, to: &data)
            TextDelta.appendLEB128(edit.insert.count, to: &data)
            data.append(contentsOf: edit.insert)
        }
        return data
    }

    /// The text this delta makes of `base`; throws when it does not fit `base` or cuts UTF-8.
    public func applied(to base: String) throws -> String {
        var old = base
        return try old.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.insert.count - $1.remove })
            var position = 0
            for edit in edits {
                guard edit.retain >= 0, edit.remove >= 0, edit.retain + edit.remove <= bytes.count - position else {
                    throw HistoryError.corruptDelta("a text delta reaches past the end of its base")
                }
                result.append(contentsOf: bytes[position..<(position + edit.retain)])
                result.append(contentsOf: edit.insert)
                position += edit.retain + edit.remove
            }
            result.append(contentsOf: bytes[position...])
            guard let text = String(validating: result, as: UTF8.self) else {
                throw HistoryError.corruptDelta("a text delta does not make valid UTF-8")
            }
            return text
        }
    }

    private static func appendLEB128(_ value: Int, to data: inout Data) {
        var rest = UInt64(value)
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            data.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    private static func leb128(_ bytes: inout Data.SubSequence) -> Int? {
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
