import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A repository that persists a resource and all its forks in a directory.
///
/// Layout (format 2; see the README for the full format):
/// - `log`: an append-only log of records, each the index of the state after a transaction
///   (which commit main and each fork refer to, and the logical clock) and the commits the
///   transaction added; the first record is a snapshot holding every commit still referred to.
/// - `manifest.json`: names the format, so that older builds refuse the directory.
/// - `lock`: taken with `flock` around every transaction, so several processes can share one
///   directory; the kernel releases it if a process dies.
///
/// A write appends one record and flushes it (`fdatasync`) before returning; a crash leaves
/// either the old or the new state. The log is rewritten as a single snapshot (temporary file,
/// fsync, rename) when it has grown to several times that snapshot, so the disk holds only the
/// minimum history and a bounded tail of superseded records. A repository written in format 1
/// (a manifest indexing one file per commit) is migrated when opened. Damaged files are
/// reported as ``ForkedError/corruptRepository(path:reason:)``, never skipped.
public final class FileRepository<Resource: Codable & Sendable & Equatable>: Repository {
    /// The directory holding the repository.
    public let directory: URL

    private let log: ProtectedValue<RepositoryLog<Resource>>
    let faults = ProtectedValue<SimulatedCrash?>(nil)

    /// A point at which tests make a write stop, as a crash would.
    typealias SimulatedCrash = FileRepositorySimulatedCrash

    // Made once, saying what each is: a path component without the hint makes Foundation ask
    // the file system whether it names a directory, at every use.
    private let manifestURL: URL
    private let lockURL: URL

    /// Opens the repository in `directory`, creating it if needed, and migrating it if an
    /// earlier version of Forked wrote it in format 1.
    ///
    /// - Throws: ``ForkedError/corruptRepository(path:reason:)`` when the stored files are
    ///   damaged, ``ForkedError/fileSystem(path:reason:)`` when they cannot be read or written.
    public convenience init(directory: URL) throws {
        try self.init(directory: directory, compactionSlack: 1 << 20)
    }

    /// Opens the repository in `directory`, compacting its log once it has grown
    /// `compactionSlack` bytes past four times its snapshot (small in tests, to see it happen).
    init(directory: URL, compactionSlack: Int) throws {
        self.directory = directory
        manifestURL = directory.appendingPathComponent("manifest.json", isDirectory: false)
        lockURL = directory.appendingPathComponent("lock", isDirectory: false)
        log = ProtectedValue(RepositoryLog(url: directory.appendingPathComponent("log", isDirectory: false), compactionSlack: compactionSlack))
        try PrivateFiles.createDirectory(at: directory)
        try log.withLock { log in
            try FileLock.withLock(on: lockURL) {
                try prepare(&log)
                // Reading the state once validates the log now rather than at the first edit.
                try log.refresh()
            }
        }
    }

    /// Runs `body` with exclusive access to the state (across threads and processes) and
    /// persists the result if it changed.
    public func withState<Result>(_ body: (inout ForkedState<Resource>) throws -> Result) throws -> Result {
        try log.withLock { log in
            try FileLock.withLock(on: lockURL) {
                try log.refresh()
                var draft = log.state
                let result = try body(&draft)
                if draft != log.state {
                    try log.append(draft, simulating: faults.withLock { $0 })
                    log.compactIfLong()
                }
                return result
            }
        }
    }

    // MARK: Opening

    /// Makes the directory a format 3 repository: creates a new one, finishes a creation cut
    /// short, renames format 2 (its log reads as it is) or migrates format 1. Runs under the lock.
    private func prepare(_ log: inout RepositoryLog<Resource>) throws {
        removeInterruptedWrites()
        let legacy = LegacyRepository<Resource>(directory: directory)
        guard let manifestData = try readManifest() else {
            if log.exists {
                // The log is written before the manifest: a creation stopped between the two.
                try writeManifest()
                return
            }
            if legacy.containsCommitFiles && !legacy.isInterruptedCreation {
                throw ForkedError.corruptRepository(
                    path: manifestURL.path, reason: "the manifest is missing but commit files exist; they were left in place")
            }
            legacy.removeCommitFiles()
            try log.replace(with: ForkedState())
            try writeManifest()
            return
        }
        let format: Int
        do {
            format = try JSONDecoder().decode(RepositoryManifest.FormatOnly.self, from: manifestData).format
        } catch {
            throw ForkedError.corruptRepository(path: manifestURL.path, reason: "the manifest is not valid (\(DecodingFailure.describe(error)))")
        }
        switch format {
        case RepositoryManifest.currentFormat:
            return
        case RepositoryManifest.wholeCommitFormat:
            // Its log reads as it is; the manifest names format 3 before a record that stores
            // a change is appended, so an older build refuses it rather than misread it.
            try writeManifest()
        case RepositoryManifest.legacyFormat:
            // Always from the format 1 files while the manifest says format 1: nothing is
            // appended to a log before the manifest names format 2, so a log left by a
            // migration cut short holds nothing newer.
            let manifest: RepositoryManifest
            do {
                manifest = try JSONDecoder().decode(RepositoryManifest.self, from: manifestData)
            } catch {
                throw ForkedError.corruptRepository(path: manifestURL.path, reason: "the manifest is not valid (\(DecodingFailure.describe(error)))")
            }
            try log.replace(with: try legacy.state(from: manifest))
            try writeManifest()
            legacy.removeCommitFiles()
        default:
            throw ForkedError.corruptRepository(
                path: manifestURL.path,
                reason: "unsupported format \(format) (this build reads formats \(RepositoryManifest.legacyFormat) to \(RepositoryManifest.currentFormat))")
        }
    }

    private func readManifest() throws -> Data? {
        do {
            return try Data(contentsOf: manifestURL)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        } catch {
            throw ForkedError.fileSystem(path: manifestURL.path, reason: error.localizedDescription)
        }
    }

    private func writeManifest() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(RepositoryManifest.marker), to: manifestURL)
    }

    /// Removes the temporary files of atomic writes (a compaction, the manifest) that a
    /// process killed in the middle left. Runs under the lock, so none is being written.
    private func removeInterruptedWrites() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".") && name.contains(".tmp") {
            unlink(directory.appendingPathComponent(name, isDirectory: false).path)
        }
    }
}
