import ForkedEditCore
import ForkedHistory
import Foundation

/// A document in history: its cursors as a small JSON header, then its text whole or as a
/// ``TextDelta``, so a version made by a keystroke stores a few bytes.
extension TextDocument: HistoryValue {
    /// Cursor table length (UInt32, big-endian), cursor JSON, then the text's UTF-8.
    public func snapshot() throws -> Data {
        var data = try cursorHeader()
        data.append(contentsOf: text.utf8)
        return data
    }

    /// Decodes ``snapshot()``'s bytes.
    public init(snapshot: Data) throws {
        let (cursors, rest) = try TextDocument.splitCursorHeader(snapshot)
        self.init(text: try String(snapshot: rest), cursors: cursors)
    }

    /// The cursor table, then the text's delta from `base`.
    public func delta(from base: TextDocument) throws -> Data? {
        guard let textDelta = try text.delta(from: base.text) else { return nil }
        var data = try cursorHeader()
        data.append(textDelta)
        return data
    }

    /// Applies ``delta(from:)``'s bytes.
    public func applying(delta: Data) throws -> TextDocument {
        let (cursors, rest) = try TextDocument.splitCursorHeader(delta)
        return TextDocument(text: try text.applying(delta: rest), cursors: cursors)
    }

    /// Applies a chain of ``delta(from:)``s: the text in one pass, the cursors of the last (the
    /// others' are not decoded: a device catching up applies dozens of deltas at a time).
    public func applying(deltas: [Data]) throws -> TextDocument {
        let parts = try deltas.map(TextDocument.cutCursorHeader)
        guard let last = parts.last else { return self }
        let text = try text.applying(deltas: parts.map(\.rest))
        return TextDocument(text: text, cursors: try TextDocument.cursors(from: last.header))
    }

    /// The text.
    public var historyText: String? { text }

    private func cursorHeader() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(cursors)
        var data = Data(capacity: 4 + json.count + text.utf8.count)
        withUnsafeBytes(of: UInt32(json.count).bigEndian) { data.append(contentsOf: $0) }
        data.append(json)
        return data
    }

    private static func splitCursorHeader(_ data: Data) throws -> ([String: Int], Data) {
        let (header, rest) = try cutCursorHeader(data)
        return (try cursors(from: header), rest)
    }

    /// The cursor table's JSON and the bytes after it.
    private static func cutCursorHeader(_ data: Data) throws -> (header: Data, rest: Data) {
        let bytes = Data(data)
        guard bytes.count >= 4 else { throw HistoryError.corruptCommit("a document version is truncated") }
        let length = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - 4 else { throw HistoryError.corruptCommit("a document version is truncated") }
        return (bytes.subdata(in: 4..<(4 + length)), bytes.subdata(in: (4 + length)..<bytes.count))
    }

    private static func cursors(from header: Data) throws -> [String: Int] {
        do {
            return try JSONDecoder().decode([String: Int].self, from: header)
        } catch {
            throw HistoryError.corruptCommit("a document version's cursors are unreadable")
        }
    }
}
