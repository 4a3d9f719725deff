import Foundation
import Forked
import Testing

private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("forked-validation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite("File repository: what it refuses to read")
struct FileRepositoryValidationTests {
    @Test("a repository restored from an older copy is read afresh, not from commits cached under the same versions")
    func restoredDirectoryIsNotReadFromCache() throws {
        let directory = try temporaryDirectory()
        let backup = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: backup)
        }
        let first = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try first.update(.main, with: "zero")
        try FileManager.default.removeItem(at: backup)
        try FileManager.default.copyItem(at: directory, to: backup)
        try first.update(.main, with: "first's edit")

        try FileManager.default.removeItem(at: directory)
        try FileManager.default.copyItem(at: backup, to: directory)
        let second = try ForkedResource(repository: try FileRepository<String>(directory: directory))
        try second.update(.main, with: "second's edit")
        #expect(try second.mostRecentVersion(of: .main) == first.mostRecentVersion(of: .main), "the same version number, reused")
        #expect(try first.value(in: .main) == "second's edit")
    }
}
