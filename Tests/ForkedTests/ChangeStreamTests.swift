import Forked
import Testing

@Suite("Change stream")
struct ChangeStreamTests {
    @Test("every change is delivered in order, to every subscriber")
    func changesArrive() async throws {
        let resource = QuickFork(initialValue: 0, forks: [left])
        let first = resource.changeStream
        let second = resource.changeStream
        try resource.update(left, with: 1)
        try resource.mergeIntoMain(from: left)
        try resource.create(right)
        try resource.removeContent(from: right)
        try resource.delete(right)

        let expected: [ForkChange] = [
            ForkChange(fork: left, kind: .updated, version: Version(count: 2)),
            ForkChange(fork: .main, kind: .merged(.fastForward), mergingFork: left, version: Version(count: 2)),
            ForkChange(fork: right, kind: .created, version: Version(count: 2)),
            ForkChange(fork: right, kind: .removedContent, version: Version(count: 3)),
            ForkChange(fork: right, kind: .deleted, version: Version(count: 3)),
        ]
        for stream in [first, second] {
            var received: [ForkChange] = []
            for await change in stream {
                received.append(change)
                if received.count == expected.count { break }
            }
            #expect(received == expected)
        }
    }
}
