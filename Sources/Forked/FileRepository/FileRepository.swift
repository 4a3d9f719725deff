import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A repository that persists a resource and all its forks in a directory.
///
/// Layout (see the README for the full format):
/// - `manifest.json`: the logical clock, which commit each fork refers to, and a checksum of
///   every commit file.
/// - `commits/<version>.json`: one immutable file per stored commit.
/// - `lock`: taken with `flock` around every transaction, so several processes can share one
///   directory; the kernel releases it if a process dies.
///
/// A write stores new commit files first, then atomically replaces the manifest (temporary file,
/// fsync, rename), then removes commit files nothing refers to. A crash at any point leaves
/// either the old or the new state. Damaged files are reported as
/// ``ForkedError/corruptRepository(path:reason:)``, never skipped.
public final class FileRepository<Resource: Codable & Sendable & Equatable>: Repository {
    /// The directory holding the repository.
    public let directory: URL

    /// The last manifest read or written, and what it decodes to, so that a transaction rereads
    /// only what another process changed.
    private struct Cache {
        var manifestData: Data?
        var manifest: RepositoryManifest?
        var state: ForkedState<Resource>
        var commits: [UInt64: Commit<Resource>]

        static var empty: Cache { Cache(manifestData: nil, manifest: nil, state: ForkedState(), commits: [:]) }

        /// A commit already loaded whose file has the checksum `checksum`: a version number
        /// alone is not enough, since a directory restored from an older copy reuses them.
        func commit(_ version: UInt64, checksum: String) -> Commit<Resource>? {
            guard manifest?.commits[String(version)]?.checksum == checksum else { return nil }
            return commits[version]
        }
    }

    private let cache: ProtectedValue<Cache>
    let faults = ProtectedValue<SimulatedCrash?>(nil)

    /// A point at which tests make a write stop, as a crash would.
    enum SimulatedCrash: Error {
        /// New commit files are written, the manifest is not.
        case beforeManifest
        /// The new manifest is half written to its temporary file.
        case duringManifestWrite
    }

    // Made once, saying what each is: a path component without the hint makes Foundation ask
    // the file system whether it names a directory, at every use (every transaction).
    private let manifestURL: URL
    private let commitsURL: URL
    private let lockURL: URL

    /// Opens the repository in `directory`, creating it if needed.
    ///
    /// - Throws: ``ForkedError/corruptRepository(path:reason:)`` when the stored files are
    ///   damaged, ``ForkedError/fileSystem(path:reason:)`` when they cannot be read or written.
    public init(directory: URL) throws {
        self.directory = directory
        manifestURL = directory.appendingPathComponent("manifest.json", isDirectory: false)
        commitsURL = directory.appendingPathComponent("commits", isDirectory: true)
        lockURL = directory.appendingPathComponent("lock", isDirectory: false)
        cache = ProtectedValue(Cache.empty)
        do {
            try FileManager.default.createDirectory(at: commitsURL, withIntermediateDirectories: true)
        } catch {
            throw ForkedError.fileSystem(path: directory.path, reason: "cannot create repository directory: \(error.localizedDescription)")
        }
        try cache.withLock { cache in
            try FileLock.withLock(on: lockURL) {
                // Reading the state once validates every file now rather than at the first edit.
                try refresh(&cache)
                // A new repository gets its manifest before any commit file exists, so that commit
                // files without a manifest can only mean a lost manifest, never a fresh start.
                if cache.manifest == nil { try persist(cache.state, into: &cache) }
            }
        }
    }

    /// Runs `body` with exclusive access to the state (across threads and processes) and
    /// persists the result atomically if it changed.
    public func withState<Result>(_ body: (inout ForkedState<Resource>) throws -> Result) throws -> Result {
        try cache.withLock { cache in
            try FileLock.withLock(on: lockURL) {
                try refresh(&cache)
                var draft = cache.state
                let result = try body(&draft)
                if draft != cache.state {
                    try persist(draft, into: &cache)
                }
                return result
            }
        }
    }

    // MARK: Reading

    /// Reloads the state if another process (or an earlier run) changed the manifest.
    private func refresh(_ cache: inout Cache) throws {
        let data: Data
        do {
            data = try Data(contentsOf: manifestURL)
        } catch CocoaError.fileReadNoSuchFile {
            guard !containsCommitFiles() || isInterruptedCreation() else {
                throw ForkedError.corruptRepository(
                    path: manifestURL.path, reason: "the manifest is missing but commit files exist; they were left in place")
            }
            cache = Cache.empty
            return
        } catch {
            throw ForkedError.fileSystem(path: manifestURL.path, reason: error.localizedDescription)
        }
        if data == cache.manifestData { return }
        let manifest: RepositoryManifest
        do {
            manifest = try JSONDecoder().decode(RepositoryManifest.self, from: data)
        } catch {
            throw ForkedError.corruptRepository(path: manifestURL.path, reason: "the manifest is not valid (\(Self.describe(error)))")
        }
        guard manifest.format == RepositoryManifest.currentFormat else {
            throw ForkedError.corruptRepository(path: manifestURL.path, reason: "unsupported format \(manifest.format) (this build reads format \(RepositoryManifest.currentFormat))")
        }
        if let problem = manifest.inconsistency {
            throw ForkedError.corruptRepository(path: manifestURL.path, reason: problem)
        }
        var commits: [UInt64: Commit<Resource>] = [:]
        func commit(_ version: UInt64) throws -> Commit<Resource> {
            if let loaded = commits[version] { return loaded }
            guard let entry = manifest.commits[String(version)] else {
                throw ForkedError.corruptRepository(path: manifestURL.path, reason: "commit \(version) is referenced but not listed")
            }
            let loaded = try cache.commit(version, checksum: entry.checksum) ?? loadCommit(version, checksum: entry.checksum)
            commits[version] = loaded
            return loaded
        }
        var forks: [Fork: ForkRecord<Resource>] = [:]
        for (name, entry) in manifest.forks {
            forks[Fork(name: name)] = ForkRecord(
                ancestor: try entry.ancestor.map(commit),
                head: try entry.head.map(commit),
                edits: entry.edits
            )
        }
        let state = ForkedState(clock: Version(count: manifest.clock), main: try commit(manifest.main), forks: forks)
        cache = Cache(manifestData: data, manifest: manifest, state: state, commits: commits)
    }

    /// Whether `commits/` holds any commit file (temporary files of interrupted writes aside).
    /// Whether the only commit file is the empty first commit a new repository writes just
    /// before its first manifest: a creation cut short, which held nothing, so it starts again.
    private func isInterruptedCreation() -> Bool {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: commitsURL.path)) ?? []).filter { !$0.hasPrefix(".") }
        let initial = ForkedState<Resource>().main
        guard names == ["\(initial.version.count).json"],
              let data = try? Data(contentsOf: commitURL(initial.version.count)),
              let commit = try? JSONDecoder().decode(Commit<Resource>.self, from: data)
        else { return false }
        return commit == initial
    }

    private func containsCommitFiles() -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: commitsURL.path)) ?? []
        return names.contains { $0.hasSuffix(".json") && UInt64($0.dropLast(5)) != nil }
    }

    private func loadCommit(_ version: UInt64, checksum: String) throws -> Commit<Resource> {
        let url = commitURL(version)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ForkedError.corruptRepository(path: url.path, reason: "commit file is missing or unreadable")
        }
        guard Checksum.of(data) == checksum else {
            throw ForkedError.corruptRepository(path: url.path, reason: "checksum mismatch: the file is damaged or truncated")
        }
        let commit: Commit<Resource>
        do {
            commit = try JSONDecoder().decode(Commit<Resource>.self, from: data)
        } catch {
            throw ForkedError.corruptRepository(path: url.path, reason: "commit cannot be decoded (\(Self.describe(error)))")
        }
        guard commit.version.count == version else {
            throw ForkedError.corruptRepository(path: url.path, reason: "the file holds version \(commit.version), not \(version)")
        }
        return commit
    }

    // MARK: Writing

    private func persist(_ state: ForkedState<Resource>, into cache: inout Cache) throws {
        var stored: [UInt64: Commit<Resource>] = [state.main.version.count: state.main]
        for record in state.forks.values {
            if let ancestor = record.ancestor { stored[ancestor.version.count] = ancestor }
            if let head = record.head { stored[head.version.count] = head }
        }
        var checksums: [String: RepositoryManifest.CommitEntry] = [:]
        let previous = cache.manifest?.commits ?? [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var wroteCommitFiles = false
        for (version, commit) in stored {
            if let known = previous[String(version)], cache.commits[version] != nil {
                checksums[String(version)] = known
                continue
            }
            let data = try encoder.encode(commit)
            try AtomicFile.write(data, to: commitURL(version), syncingDirectory: false)
            wroteCommitFiles = true
            checksums[String(version)] = RepositoryManifest.CommitEntry(checksum: Checksum.of(data))
        }
        // One flush for all new commit files, and before the manifest naming them can be on the disk.
        if wroteCommitFiles { AtomicFile.syncDirectory(commitsURL.path) }
        let manifest = RepositoryManifest(
            format: RepositoryManifest.currentFormat,
            generation: (cache.manifest?.generation ?? 0) + 1,
            clock: state.clock.count,
            main: state.main.version.count,
            forks: Dictionary(uniqueKeysWithValues: state.forks.map { fork, record in
                (fork.name, RepositoryManifest.ForkEntry(ancestor: record.ancestor?.version.count, head: record.head?.version.count, edits: record.edits))
            }),
            commits: checksums
        )
        let manifestData = try encoder.encode(manifest)
        switch faults.withLock({ $0 }) {
        case .beforeManifest?:
            throw SimulatedCrash.beforeManifest
        case .duringManifestWrite?:
            let torn = manifestData.prefix(manifestData.count / 2)
            try AtomicFile.writeAndSync(torn, to: directory.appendingPathComponent(".manifest.json.tmp-torn"))
            throw SimulatedCrash.duringManifestWrite
        case nil:
            break
        }
        try AtomicFile.write(manifestData, to: manifestURL)
        cache = Cache(manifestData: manifestData, manifest: manifest, state: state, commits: stored)
        removeUnreferencedFiles(keeping: Set(stored.keys))
    }

    /// Removes commit files no fork refers to and temporary files left by interrupted writes.
    /// Done after the manifest is in place, so a crash here only leaves harmless leftovers.
    private func removeUnreferencedFiles(keeping versions: Set<UInt64>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: commitsURL.path)) ?? []
        for name in names {
            let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : nil
            if let stem, let version = UInt64(stem), versions.contains(version) { continue }
            if stem == nil && !name.hasPrefix(".") { continue }
            unlink(commitsURL.appendingPathComponent(name, isDirectory: false).path)
        }
        let topLevel = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in topLevel where name.hasPrefix(".manifest.json.tmp") {
            unlink(directory.appendingPathComponent(name, isDirectory: false).path)
        }
    }

    private func commitURL(_ version: UInt64) -> URL {
        commitsURL.appendingPathComponent("\(version).json", isDirectory: false)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: String(describing: error)
        }
    }
}
