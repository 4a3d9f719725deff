import Forked
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
            guard let retain = LEB128.read(&bytes), let remove = LEB128.read(&bytes), let count = LEB128.read(&bytes),
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
            LEB128.append(edit.retain, to: &data)
            LEB128.append(edit.remove, to: &data)
            LEB128.append(edit.insert.count, to: &data)
            data.append(contentsOf: edit.insert)
        }
        return data
    }

    /// The text this delta makes of `base`; throws when it does not fit `base` or cuts UTF-8.
    public func applied(to base: String) throws -> String {
        try TextDelta.apply([self], to: base)
    }

    /// The text `deltas`, each made against the previous one's result, make of `base`. The
    /// UTF-8 is checked once at the end rather than after every delta: rebuilding a version
    /// applies hundreds of them, and checking a long text each time would be most of the cost.
    public static func apply(_ deltas: [TextDelta], to base: String) throws -> String {
        var current = Array(base.utf8)
        var next: [UInt8] = []
        for delta in deltas {
            try delta.apply(to: current, into: &next)
            swap(&current, &next)
        }
        guard let text = String(validating: current, as: UTF8.self) else {
            throw HistoryError.corruptDelta("a text delta does not make valid UTF-8")
        }
        return text
    }

    /// Writes what this delta makes of `bytes` into `result` (replacing its contents).
    ///
    /// The lengths come from stored or received bytes: each is checked against what is left of
    /// `bytes` before any sum is formed, so lengths near `Int.max` throw instead of overflowing.
    private func apply(to bytes: [UInt8], into result: inout [UInt8]) throws {
        // Checked first, so that the capacity reserved is computed from lengths that fit.
        var position = 0
        var removed = 0
        var inserted = 0
        for edit in edits {
            let left = bytes.count - position
            guard edit.retain >= 0, edit.remove >= 0, edit.retain <= left, edit.remove <= left - edit.retain else {
                throw HistoryError.corruptDelta("a text delta reaches past the end of its base")
            }
            position += edit.retain + edit.remove
            removed += edit.remove
            inserted += edit.insert.count
        }
        result.removeAll(keepingCapacity: true)
        result.reserveCapacity(bytes.count - removed + inserted)
        position = 0
        for edit in edits {
            result.append(contentsOf: bytes[position..<(position + edit.retain)])
            result.append(contentsOf: edit.insert)
            position += edit.retain + edit.remove
        }
        result.append(contentsOf: bytes[position...])
    }
}
