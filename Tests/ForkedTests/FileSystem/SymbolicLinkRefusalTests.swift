import Foundation
@testable import Forked
import ForkedTestSupport
import Testing

/// Files the stores write (journals, locks) are never opened through a symbolic link: a link
/// planted in their place makes the open fail, and the file it points to is left as it was.
@Suite("No writes through symbolic links")
struct SymbolicLinkRefusalTests {
    /// A directory with `target.txt` (the user's file) and `link` pointing at it.
    private func plantedLink() throws -> (directory: URL, target: URL, link: URL) {
        let directory = try temporaryDirectory()
        let target = directory.appendingPathComponent("target.txt")
        try Data("the user's own file\n".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        let link = directory.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        return (directory, target, link)
    }

    @Test("a journal that is a symbolic link is refused, and its target is untouched")
    func journal() throws {
        let (directory, target, link) = try plantedLink()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: (any Error).self) {
            let journal = try AppendOnlyJournal(url: link)
            journal.append(Data("planted".utf8))
            try journal.flush()
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "the user's own file\n")
    }

    @Test("a lock file that is a symbolic link is refused, and its target is untouched")
    func lock() throws {
        let (directory, target, link) = try plantedLink()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: (any Error).self) { _ = try FileLock.acquire(link) }
        #expect(throws: (any Error).self) { _ = try FileLock.acquireIfFree(link) }
        // Locking makes its file private: through a link that would have changed the target's mode.
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
        #expect(try String(contentsOf: target, encoding: .utf8) == "the user's own file\n")
    }
}
