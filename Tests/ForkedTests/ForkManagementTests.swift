import Foundation
import Forked
import Testing

@Suite("Creating, deleting and listing forks")
struct ForkManagementTests {
    @Test("forks are listed main first, then by name")
    func listing() throws {
        let resource = QuickFork(initialValue: 1, forks: [Fork(name: "b"), Fork(name: "a")])
        #expect(try resource.currentForks() == [.main, Fork(name: "a"), Fork(name: "b")])
        #expect(try resource.has(Fork(name: "a")))
        #expect(try !resource.has(Fork(name: "c")))
    }

    @Test("errors are typed and say what went wrong")
    func typedErrors() throws {
        let resource = QuickFork(initialValue: 1, forks: [left])
        #expect(throws: ForkedError.forkAlreadyExists(left)) { try resource.create(left) }
        #expect(throws: ForkedError.mainCannotBeCreatedOrDeleted) { try resource.create(.main) }
        #expect(throws: ForkedError.mainCannotBeCreatedOrDeleted) { try resource.delete(.main) }
        #expect(throws: ForkedError.invalidForkName("")) { try resource.create(Fork(name: "")) }
        #expect(throws: ForkedError.unknownFork(right)) { try resource.update(right, with: 2) }
        #expect(throws: ForkedError.unknownFork(right)) { try resource.value(in: right) }
        #expect(throws: ForkedError.unknownFork(right)) { try resource.mergeIntoMain(from: right) }
        #expect(throws: ForkedError.unknownFork(right)) { try resource.delete(right) }
        #expect(ForkedError.unknownFork(right).description == "no fork named 'right'")
    }

    @Test("deleting a fork drops what it stored")
    func deleteDropsCopies() throws {
        let resource = QuickFork(initialValue: 1, forks: [left])
        try resource.update(left, with: 2)
        #expect(try resource.storedCopyCount == 2)
        try resource.delete(left)
        #expect(try resource.storedCopyCount == 1)
        #expect(try resource.currentForks() == [.main])
    }

    @Test("the in-memory repository round-trips through Codable with all forks")
    func inMemoryCodable() throws {
        let resource = QuickFork(initialValue: "a", forks: [left, right])
        try resource.update(left, with: "b")
        try resource.update(.main, with: "c")
        let data = try JSONEncoder().encode(resource.repository)
        let restored = try ForkedResource(repository: try JSONDecoder().decode(InMemoryRepository<String>.self, from: data))
        #expect(try restored.value(in: left) == "b")
        #expect(try restored.status(of: left) == .diverged(edits: 1))
        #expect(try restored.commonAncestor(of: left) == "a")
        #expect(try restored.value(in: right) == "a")
        try restored.update(right, with: "d")
        #expect(try restored.mostRecentVersion(of: right) == Version(count: 4))
    }
}
