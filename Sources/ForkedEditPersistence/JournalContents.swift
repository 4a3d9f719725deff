import Forked
import ForkedEditCore
import Foundation

/// What one fork's journal holds: the version it applies on top of, and the edits since.
public struct JournalContents: Sendable, Equatable {
    /// The fork the journal belongs to.
    public var fork: Fork
    /// The fork's version in the repository when the journal was started.
    public var baseVersion: Version
    /// The identity of the state directory that wrote the journal (`nil` for a journal written
    /// before directories had one).
    public var stateID: Data?
    /// Each edit: the change, the cursor after it, and its version in the editing session.
    public var edits: [(change: TextEdit, cursorUTF8Offset: Int, version: Version)]
    /// Bytes of a torn last record that were dropped.
    public var droppedBytes: Int
    /// How many edits could not be read, at least, because a record other than a torn last one
    /// is damaged (0 when the journal is whole): the edits before it are in ``edits``.
    public var unreadableEdits = 0

    /// Reads the journal at `url`; `nil` when it is empty or missing (nothing to replay).
    ///
    /// - Throws: ``PersistenceError/corruptState(directory:reason:)`` when a complete record
    ///   cannot be decoded or the first record is not a header.
    public static func read(_ url: URL) throws -> JournalContents? {
        let contents: AppendOnlyJournal.Contents
        do {
            contents = try AppendOnlyJournal.read(url)
        } catch {
            throw PersistenceError.fileSystem(path: url.path, reason: String(describing: error))
        }
        func corrupt(_ reason: String) -> PersistenceError {
            .corruptState(directory: url.deletingLastPathComponent().deletingLastPathComponent().path,
                          reason: "journal \(url.lastPathComponent): \(reason)")
        }
        guard let first = contents.records.first else {
            // Without its header nothing says which version the edits follow.
            if contents.isDamaged { throw corrupt("its first record is damaged (\(contents.unreadableRecords) records unreadable)") }
            return nil
        }
        let header: JournalRecord
        do { header = try JournalRecord(decoding: first) } catch { throw corrupt("first record: \(error)") }
        guard case .header(let fork, let baseVersion, let stateID) = header else { throw corrupt("does not start with a header") }
        var edits: [(change: TextEdit, cursorUTF8Offset: Int, version: Version)] = []
        edits.reserveCapacity(contents.records.count - 1)
        for (index, payload) in contents.records.enumerated().dropFirst() {
            let record: JournalRecord
            do { record = try JournalRecord(decoding: payload) } catch { throw corrupt("record \(index): \(error)") }
            guard case .edit(let change, let cursor, let version) = record else { throw corrupt("record \(index) is a second header") }
            edits.append((change, cursor, version))
        }
        return JournalContents(
            fork: fork, baseVersion: baseVersion, stateID: stateID, edits: edits, droppedBytes: contents.droppedBytes,
            unreadableEdits: contents.unreadableRecords
        )
    }

    /// `document` with every edit applied, its text and the fork's cursor as they were after
    /// the last edit.
    ///
    /// - Throws: ``JournalReplayError`` when an edit does not fit the text (the journal does
    ///   not belong to this document).
    public func applied(to document: TextDocument) throws(JournalReplayError) -> TextDocument {
        guard !edits.isEmpty else { return document }
        var buffer = ByteGapBuffer(document.text)
        for (index, edit) in edits.enumerated() {
            // Checked against the text before the range is formed: the numbers come from a file,
            // and an offset plus a count past `Int.max` must throw, not trap.
            let offset = edit.change.utf8Offset, removed = edit.change.removedUTF8Count
            guard offset >= 0, removed >= 0, offset <= buffer.count, removed <= buffer.count - offset else {
                throw .editOutOfRange(index: index + 1)
            }
            buffer.replace(offset..<(offset + removed), with: edit.change.inserted.utf8)
        }
        guard let text = buffer.text else { throw .invalidText }
        var result = document
        result.text = text
        if let last = edits.last { result.cursors[fork.name] = last.cursorUTF8Offset }
        return result
    }

    /// Compares forks, versions, dropped bytes and every edit.
    public static func == (lhs: JournalContents, rhs: JournalContents) -> Bool {
        lhs.fork == rhs.fork && lhs.baseVersion == rhs.baseVersion && lhs.droppedBytes == rhs.droppedBytes
            && lhs.unreadableEdits == rhs.unreadableEdits
            && lhs.edits.count == rhs.edits.count
            && zip(lhs.edits, rhs.edits).allSatisfy { $0.change == $1.change && $0.cursorUTF8Offset == $1.cursorUTF8Offset && $0.version == $1.version }
    }
}

/// Why a journal's edits could not be applied to the document they claim to follow.
public enum JournalReplayError: Error, Equatable, CustomStringConvertible {
    /// Edit number `index` (from 1) replaces bytes past the end of the text.
    case editOutOfRange(index: Int)
    /// The edits split a character: the result is not valid UTF-8.
    case invalidText

    /// A short explanation.
    public var description: String {
        switch self {
        case .editOutOfRange(let index): "edit \(index) lies outside the text"
        case .invalidText: "the edits produce text that is not valid UTF-8"
        }
    }
}
