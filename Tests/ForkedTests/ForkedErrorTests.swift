import Foundation
import Forked
import Testing

@Suite("Forked errors")
struct ForkedErrorTests {
    @Test("every error says in one line what went wrong and where", arguments: [
        (ForkedError.unknownFork(Fork(name: "x")), "no fork named 'x'"),
        (.forkAlreadyExists(Fork(name: "x")), "a fork named 'x' already exists"),
        (.mainCannotBeCreatedOrDeleted, "the main fork always exists: it cannot be created or deleted"),
        (.invalidForkName(""), "invalid fork name '': a fork name must not be empty"),
        (.corruptRepository(path: "/r/manifest.json", reason: "bad"), "corrupt repository at /r/manifest.json: bad"),
        (.fileSystem(path: "/r/lock", reason: "denied"), "/r/lock: denied"),
    ])
    func descriptions(error: ForkedError, expected: String) {
        #expect(error.description == expected)
        #expect(!error.description.contains("\n"))
    }

    @Test("a repository directory that cannot be created is a file-system error naming it")
    func uncreatableDirectory() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("forked-not-a-dir-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let directory = file.appendingPathComponent("repository")
        #expect {
            _ = try FileRepository<String>(directory: directory)
        } throws: { error in
            guard case ForkedError.fileSystem(let path, _) = error else { return false }
            return path == directory.path
        }
    }
}
