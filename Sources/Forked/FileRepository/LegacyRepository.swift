import Foundation

/// Reads a ``FileRepository`` directory in format 1 (`manifest.json` indexing one checksummed
/// file per commit in `commits/`), which a repository opened by this build migrates to its log.
/// Damage is reported exactly as format 1 reported it, so a damaged old repository is never
/// migrated into a clean-looking new one.
struct LegacyRepository<Resource: Codable & Sendable & Equatable> {
    let manifestURL: URL
    let commitsURL: URL

    init(directory: URL) {
        manifestURL = directory.appendingPathComponent("manifest.json", isDirectory: false)
        commitsURL = directory.appendingPathComponent("commits", isDirectory: true)
    }

    /// The state a format 1 manifest and its commit files hold.
    func state(from manifest: RepositoryManifest) throws -> ForkedState<Resource> {
        if let problem = manifest.index.inconsistency {
            throw ForkedError.corruptRepository(path: manifestURL.path, reason: problem)
        }
        var loaded: [UInt64: Commit<Resource>] = [:]
        return try manifest.index.state { version in
            if let commit = loaded[version] { return commit }
            guard let entry = manifest.commits[String(version)] else {
                throw ForkedError.corruptRepository(path: manifestURL.path, reason: "commit \(version) is referenced but not listed")
            }
            let commit = try loadCommit(version, checksum: entry.checksum)
            loaded[version] = commit
            return commit
        }
    }

    /// Whether `commits/` holds any commit file (temporary files of interrupted writes aside).
    var containsCommitFiles: Bool {
        commitFileNames.contains { $0.hasSuffix(".json") && UInt64($0.dropLast(5)) != nil }
    }

    /// Whether the only commit file is the empty first commit a format 1 repository wrote just
    /// before its first manifest: a creation cut short, which held nothing.
    var isInterruptedCreation: Bool {
        let initial = ForkedState<Resource>().main
        guard commitFileNames.filter({ !$0.hasPrefix(".") }) == ["\(initial.version.count).json"],
              let data = try? Data(contentsOf: commitURL(initial.version.count)),
              let commit = try? JSONDecoder().decode(Commit<Resource>.self, from: data)
        else { return false }
        return commit == initial
    }

    /// Deletes the commit files, once the log holding their state is in place.
    func removeCommitFiles() {
        try? FileManager.default.removeItem(at: commitsURL)
    }

    private var commitFileNames: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: commitsURL.path)) ?? []
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
            throw ForkedError.corruptRepository(path: url.path, reason: "commit cannot be decoded (\(DecodingFailure.describe(error)))")
        }
        guard commit.version.count == version else {
            throw ForkedError.corruptRepository(path: url.path, reason: "the file holds version \(commit.version), not \(version)")
        }
        return commit
    }

    private func commitURL(_ version: UInt64) -> URL {
        commitsURL.appendingPathComponent("\(version).json", isDirectory: false)
    }
}
