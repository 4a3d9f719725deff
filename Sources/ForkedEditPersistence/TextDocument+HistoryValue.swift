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
        let bytes = Data(data)
        guard bytes.count >= 4 else { throw HistoryError.corruptCommit("a document version is truncated") }
        let length = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - 4 else { throw HistoryError.corruptCommit("a document version is truncated") }
        let cursors: [String: Int]
        do {
            cursors = try JSONDecoder().decode([String: Int].self, from: bytes.subdata(in: 4..<(4 + length)))
        } catch {
            throw HistoryError.corruptCommit("a document version's cursors are unreadable")
        }
        return (cursors, bytes.subdata(in: (4 + length)..<bytes.count))
    }
}
