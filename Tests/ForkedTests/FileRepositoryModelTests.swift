import Foundation
@_spi(FaultInjection) @testable import Forked
import Testing
import ForkedTestSupport

/// `FileRepository` against a model: two "processes" (two repositories open on one
/// directory, each editing its own forks) run random updates, merges, failures at random system
/// calls (a crash of that transaction: a full disk or an I/O error) and reopens; after every
/// step the directory holds exactly the state an in-memory repository reaches with the same
/// successful operations. A failed operation happened entirely or not at all.
@Suite("File repository against an in-memory model")
struct FileRepositoryModelTests {
    private struct Process {
        var resource: ForkedResource<FileRepository<Lines>>
        let forks: [Fork]
    }

    @Test("random operations, injected failures and reopens from two processes match the model", arguments: [11, 12, 13] as [UInt64])
    func matchesModel(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try ForkedResource(repository: InMemoryRepository<Lines>())
        let forkNames = [["a1", "a2"], ["b1", "b2"]].map { $0.map(Fork.init(name:)) }
        var processes = try forkNames.map { Process(resource: try ForkedResource(repository: try FileRepository<Lines>(directory: directory)), forks: $0) }
        for fork in forkNames.joined() {
            try model.create(fork)
            try processes[0].resource.create(fork)
        }
        var failures = 0
        for step in 0..<300 {
            let index = Int.random(in: 0..<2, using: &random)
            let fork = processes[index].forks[Int.random(in: 0..<2, using: &random)]
            let operation: (any ForkedResourceOperations) throws -> Void
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                let line = "\(fork.name)-\(step)"
                operation = { try $0.appendLine(line, to: fork) }
            case 2: operation = { try $0.mergeInto(fork) }
            case 3: operation = { try $0.mergeFrom(fork) }
            case 4: operation = { try $0.updateMain("main-\(step)") }
            default:
                processes[index].resource = try ForkedResource(repository: try FileRepository<Lines>(directory: directory))
                continue
            }
            let context = "seed \(seed), step \(step)"
            let before = try model.repository.withState { $0 }
            let faultStep = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...12, using: &random) : nil
            let code: Int32 = Bool.random(using: &random) ? ENOSPC : EIO
            let run = FileFaults.run(FileFaults.Plan(directory: directory, step: faultStep, action: .fail(code))) {
                try operation(processes[index].resource)
            }
            let onDisk = try FileRepository<Lines>(directory: directory).withState { $0 }
            switch run.result {
            case .success:
                try operation(model)
                #expect(onDisk == (try model.repository.withState { $0 }), "\(context)")
            case .failure:
                failures += 1
                // All or nothing: the disk holds the state before or the state after.
                try operation(model)
                let after = try model.repository.withState { $0 }
                #expect(onDisk == before || onDisk == after, "\(context): a failed transaction left a mix")
                if onDisk == before { try model.repository.withState { $0 = before } }
                // The failing process crashed: it starts again from the disk.
                processes[index].resource = try ForkedResource(repository: try FileRepository<Lines>(directory: directory))
            }
        }
        #expect(failures > 10, "seed \(seed): failures were injected (\(failures))")
        let final = try ForkedResource(repository: try FileRepository<Lines>(directory: directory))
        for fork in try model.currentForks() {
            #expect(try final.value(in: fork) == model.value(in: fork), "seed \(seed), fork \(fork.name)")
            #expect(try final.status(of: fork) == model.status(of: fork), "seed \(seed), fork \(fork.name)")
        }
    }
}

/// The operations the model test runs, on a file-backed resource or the in-memory model alike.
private protocol ForkedResourceOperations {
    func appendLine(_ line: String, to fork: Fork) throws
    func mergeInto(_ fork: Fork) throws
    func mergeFrom(_ fork: Fork) throws
    func updateMain(_ line: String) throws
}

extension ForkedResource: ForkedResourceOperations where RepositoryType.Resource == Lines {
    fileprivate func appendLine(_ line: String, to fork: Fork) throws {
        var value = try self.value(in: fork) ?? Lines()
        value.lines.append(line)
        try update(fork, with: value)
    }

    fileprivate func mergeInto(_ fork: Fork) throws { try mergeFromMain(into: fork) }
    fileprivate func mergeFrom(_ fork: Fork) throws { try mergeIntoMain(from: fork) }

    fileprivate func updateMain(_ line: String) throws {
        var value = try self.value(in: .main) ?? Lines()
        value.lines.append(line)
        try update(.main, with: value)
    }
}
