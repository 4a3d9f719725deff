import Forked
import ForkedEditCore
import ForkedEditPersistence
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The state beside a file is the user's alone: created private whatever the umask, made
/// private when found readable by others, and refused when someone else owns any of it or
/// any of it is a link.
@Suite("Persistent document: private, owned state", .serialized)
struct PrivateStateTests {
    /// Every entry under `directory` (itself included) with its permission bits.
    private func modes(under directory: URL) throws -> [String: mode_t] {
        var result: [String: mode_t] = [:]
        var pending = [directory.path]
        while let path = pending.popLast() {
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            result[path] = status.st_mode & 0o7777
            if status.st_mode & S_IFMT == S_IFDIR {
                pending += try FileManager.default.contentsOfDirectory(atPath: path).map { path + "/" + $0 }
            }
        }
        return result
    }

    /// Runs `body` with the common umask `022`, under which files used to be created `0644`.
    private func withUsualUmask<T>(_ body: () throws -> T) rethrows -> T {
        let previous = umask(0o022)
        defer { umask(previous) }
        return try body()
    }

    @Test("directories are created 0700 and files 0600 under a 022 umask, history included")
    func createdPrivate() throws {
        let scratch = try ScratchFile(text: "secret\n")
        try withUsualUmask {
            let (document, session) = try scratch.openWithSession()
            try type("more <C-s>unsaved", into: session)
            try document.synchronize()
            let found = try modes(under: scratch.layout.directory)
            #expect(found.count > 8, "\(found)")
            for (path, mode) in found {
                var status = stat()
                lstat(path, &status)
                let wanted: mode_t = status.st_mode & S_IFMT == S_IFDIR ? 0o700 : 0o600
                #expect(mode == wanted, "\(path) is \(String(mode, radix: 8))")
            }
            try document.close()
        }
    }

    @Test("state an earlier version left readable by others is made private, and the editor says so")
    func looseStateIsTightened() throws {
        let scratch = try ScratchFile(text: "secret\n")
        try scratch.typeAndClose("unsaved ")
        for (path, _) in try modes(under: scratch.layout.directory) {
            var status = stat()
            lstat(path, &status)
            chmod(path, status.st_mode & S_IFMT == S_IFDIR ? 0o755 : 0o644)
        }
        let document = try scratch.open()
        #expect(document.report.madePrivate > 5)
        #expect(document.report.statusMessage?.contains("private") == true, "\(document.report.statusMessage ?? "")")
        for (path, mode) in try modes(under: scratch.layout.directory) {
            #expect(mode & 0o077 == 0, "\(path) is \(String(mode, radix: 8))")
        }
        try document.close()
    }

    @Test("a journal that is a link to another file is refused, and that file is left alone")
    func linkedJournalIsRefused() throws {
        let scratch = try ScratchFile(text: "mine\n")
        try scratch.typeAndClose("unsaved ")
        let target = scratch.directory.appendingPathComponent("target.txt")
        try "private text\n".write(to: target, atomically: true, encoding: .utf8)
        let journal = scratch.layout.journal(of: Fork(name: "left"))
        try FileManager.default.removeItem(at: journal)
        try FileManager.default.createSymbolicLink(at: journal, withDestinationURL: target)
        #expect {
            _ = try scratch.open()
        } throws: { error in
            guard case PersistenceError.untrustedState(let path, let reason) = error else { return false }
            return path == journal.path && reason.contains("symbolic link")
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "private text\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: journal.path) == target.path)
    }

    @Test("a state directory that is a link, or a lock planted as a link, is refused before anything is written")
    func linkedDirectoryIsRefused() throws {
        let scratch = try ScratchFile(text: "mine\n")
        let elsewhere = scratch.directory.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: scratch.layout.directory, withDestinationURL: elsewhere)
        #expect(throws: PersistenceError.self) { _ = try scratch.open() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)

        let other = try ScratchFile(text: "mine\n")
        try FileManager.default.createDirectory(at: other.layout.directory, withIntermediateDirectories: true)
        let planted = other.directory.appendingPathComponent("planted")
        try FileManager.default.createSymbolicLink(at: other.layout.openLock, withDestinationURL: planted)
        #expect(throws: PersistenceError.self) { _ = try other.open() }
        #expect(!FileManager.default.fileExists(atPath: planted.path), "no file of the planter's choosing")
    }

    @Test("state owned by another user is refused with one line naming it")
    func foreignStateIsRefused() throws {
        // Only root can give a file away; elsewhere the case cannot be set up.
        guard geteuid() == 0 else { return }
        let scratch = try ScratchFile(text: "mine\n")
        try scratch.typeAndClose("unsaved ")
        let journal = scratch.layout.journal(of: Fork(name: "right"))
        #expect(chown(journal.path, 4242, 4242) == 0)
        let before = try modes(under: scratch.layout.directory)
        do {
            _ = try scratch.open()
            Issue.record("opened state holding another user's journal")
        } catch let error as PersistenceError {
            #expect(error == .untrustedState(path: journal.path, reason: "belongs to another user (uid 4242)"))
            #expect(!error.description.contains("\n"))
        }
        #expect(try modes(under: scratch.layout.directory) == before, "nothing changed")
        #expect(chown(scratch.layout.directory.path, 4242, 4242) == 0)
        #expect(throws: PersistenceError.untrustedState(path: scratch.layout.directory.path, reason: "belongs to another user (uid 4242)")) {
            _ = try StoredForks.list(of: scratch.file)
        }
    }
}
