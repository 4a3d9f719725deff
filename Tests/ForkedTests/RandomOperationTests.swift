import Forked
import Testing
import ForkedTestSupport


@Suite("Fork records under random operations")
struct RandomOperationTests {
    @Test("every status tells the truth and stores its minimum, whatever the order of operations", arguments: [1, 2, 3, 4] as [UInt64])
    func statusesStayTruthful(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let names = ["a", "b", "c"].map { Fork(name: $0) }
        let resource = QuickFork(initialValue: Lines("start"), forks: names)
        for step in 0..<600 {
            let fork = names[Int.random(in: 0..<names.count, using: &random)]
            switch Int.random(in: 0..<8, using: &random) {
            case 0: try resource.update(fork, with: Lines("\(fork.name)\(step)"))
            case 1: try resource.update(.main, with: Lines("main\(step)"))
            case 2: try resource.mergeIntoMain(from: fork)
            case 3: try resource.mergeFromMain(into: fork)
            case 4: try resource.removeContent(from: Bool.random(using: &random) ? fork : .main)
            case 5:
                try resource.delete(fork)
                try resource.create(fork)
            case 6:
                try resource.mergeFromMain(into: fork)
                try resource.mergeIntoMain(from: fork)
                #expect(try resource.status(of: fork) == .inSync, "seed \(seed), step \(step)")
            default: try resource.syncMain(with: [fork])
            }
            for fork in names { try expectTruthful(fork, in: resource, context: "seed \(seed), step \(step)") }
        }
        try resource.syncAllForks()
        #expect(try resource.storedCopyCount == 1)
    }

    private func expectTruthful(_ fork: Fork, in resource: QuickFork<Lines>, context: String) throws {
        let value = try resource.value(in: fork)
        let ancestor = try resource.commonAncestor(of: fork)
        let main = try resource.value(in: .main)
        switch try resource.status(of: fork) {
        case .inSync:
            #expect(value == main && ancestor == main, "\(context)")
            #expect(try resource.storedCopyCount(in: fork) == 0, "\(context)")
        case .behind:
            #expect(value == ancestor, "\(context)")
            #expect(try resource.storedCopyCount(in: fork) == 1, "\(context)")
        case .ahead:
            #expect(ancestor == main, "\(context)")
            #expect(try resource.storedCopyCount(in: fork) == 1, "\(context)")
        case .diverged:
            #expect(try resource.storedCopyCount(in: fork) == 2, "\(context)")
        }
    }
}
