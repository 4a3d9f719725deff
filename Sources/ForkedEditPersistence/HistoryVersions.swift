import ForkedEditCore
import ForkedHistory
import ForkedMerge
import Foundation

/// The editor's history view reading a file's ``History``: a fork's versions newest first,
/// each version's text and what it changed against the version before it.
public final class HistoryVersions: VersionSource {
    /// The most versions the view lists: enough for a day of work, cheap to list.
    public static let listLimit = 500

    private let document: PersistentDocument

    /// Reads the history of `document`'s file, once it has one: opening the view never
    /// creates state beside the file.
    public init(document: PersistentDocument) {
        self.document = document
    }

    private var history: History<TextDocument> {
        get throws { try document.history() }
    }

    public func versions(of fork: String) throws -> [VersionSummary] {
        guard FileManager.default.fileExists(atPath: document.layout.history.path) else { return [] }
        let history = try history
        guard let head = try history.heads()[fork] else { return [] }
        let entries = try history.log(from: head, limit: Self.listLimit)
        // A merge records the text a fork's version already had: stepping back through both
        // would show one text twice. The older one stays: that is where the change was made.
        let distinct = entries.indices.filter { index in
            index + 1 == entries.count || entries[index].commit.valueDigest != entries[index + 1].commit.valueDigest
        }.map { entries[$0] }
        return distinct.map { entry in
            VersionSummary(
                id: entry.commit.id.hex, shortID: entry.commit.id.short, time: entry.commit.time,
                origin: entry.commit.origin, inserted: entry.insertedCount, deleted: entry.deletedCount
            )
        }
    }

    public func text(ofVersion id: String) throws -> VersionText {
        let history = try history
        let commit = try history.commit(try history.resolve(id))
        let entry = try history.entry(commit)
        let changes = entry.difference.segments.map { segment in
            let origin: MergeViewOrigin = switch segment.kind {
            case .kept: .unchanged
            case .inserted: .added
            case .deleted: .removed
            }
            return OriginRun(text: segment.text, origin: origin)
        }
        return VersionText(text: entry.difference.new, changes: changes)
    }
}
