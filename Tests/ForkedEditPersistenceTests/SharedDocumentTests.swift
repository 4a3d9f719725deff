import Forked
import ForkedEditCore
import ForkedEditPersistence
import Foundation
import Testing

private let fileVariable = "FORKED_PERSIST_SHARED_FILE"
private let forkVariable = "FORKED_PERSIST_SHARED_FORK"
private let linesPerWorker = 40

@Suite("Two processes, one document")
struct SharedDocumentTests {
    private func immediate(autoMerge: Bool = false) -> PersistentDocument.Options {
        PersistentDocument.Options(publishInterval: .zero, burstPause: .zero, autoMerge: autoMerge)
    }

    @Test("a merge in the other process that only fast-forwards main is seen at the next idle turn")
    func fastForwardMergeSeenAtOnce() throws {
        let scratch = try ScratchFile(text: "one\ntwo\n")
        let alice = try scratch.open(forks: ["alice"], shared: true, options: immediate())
        defer { try? alice.close() }
        let aliceSession = try alice.session()
        let bob = try scratch.open(forks: ["bob"], shared: true, options: immediate())
        defer { try? bob.close() }
        let bobSession = try bob.session()
        try type("A", into: aliceSession)
        try type("B", into: bobSession)
        _ = bobSession.show(try bob.idle())
        _ = aliceSession.show(try alice.idle())
        #expect(try aliceSession.stateDescription(ofPane: 1) == "read-only, 1 change ahead")
        // Bob's merge moves main to his fork's version: no new version is made.
        try type("<F5>", into: bobSession)
        #expect(try alice.repositoryChangedElsewhere())
        #expect(aliceSession.show(try alice.idle()))
        #expect(try aliceSession.stateDescription(ofPane: 1) == "read-only, in sync")
        #expect(try aliceSession.stateDescription(ofPane: 0) == "1 change, diverged")
    }

    @Test("an editor's forks with nothing of their own are removed when it quits beside others; forks with edits stay")
    func redundantForksRemovedOnQuit() throws {
        let scratch = try ScratchFile(text: "shared\n")
        let alice = try scratch.open(forks: ["alice"], shared: true, options: immediate(autoMerge: true))
        defer { try? alice.close() }
        let aliceSession = try alice.session()
        try type("<End> from alice", into: aliceSession)
        _ = aliceSession.show(try alice.idle())

        // A plain editor opened beside: it only looks, then quits.
        let plain = try scratch.open()
        _ = try plain.session()
        try plain.close()
        var names = try StoredForks.list(of: scratch.file).map(\.fork.name)
        #expect(!names.contains("left") && !names.contains("right"), "\(names)")
        #expect(names.contains("alice"))

        // One that typed in a fork keeps that fork (it has edits main does not), not the other.
        let typing = try scratch.open()
        try type("mine ", into: try typing.session())
        try typing.close()
        names = try StoredForks.list(of: scratch.file).map(\.fork.name)
        #expect(names.contains("left") && !names.contains("right"), "\(names)")
    }

    @Test("each process edits only its fork and sees the other's fork read-only, refreshed when idle")
    func liveView() throws {
        let scratch = try ScratchFile(text: "shared\n")
        let alice = try scratch.open(forks: ["alice"], shared: true, options: immediate())
        defer { try? alice.close() }
        let aliceSession = try alice.session()
        #expect(aliceSession.forks.map(\.name) == ["alice", "main"], "with no other fork yet, main is shown")
        #expect(alice.suggestedInputTimeoutMilliseconds <= 200)

        let bob = try scratch.open(forks: ["bob"], shared: true, options: immediate())
        defer { try? bob.close() }
        let bobSession = try bob.session()
        #expect(bobSession.forks.map(\.name) == ["bob", "alice"])
        #expect(bobSession.readOnlyPanes == [1])

        try type("<End> from alice", into: aliceSession)
        _ = aliceSession.show(try alice.idle())
        #expect(bobSession.show(try bob.idle()))
        #expect(bobSession.paneTexts[1] == "shared from alice\n")

        try type("<Tab>x", into: bobSession)
        #expect(bobSession.paneTexts[1] == "shared from alice\n", "the other fork is read-only")
        #expect(bobSession.message?.contains("read-only") == true)

        _ = aliceSession.show(try alice.idle())
        #expect(aliceSession.forks[1] == Fork(name: "bob"), "alice now shows the other fork, bob")
    }

    @Test("a shown fork (the server's version under --sync) stays in the right pane whoever changed last")
    func shownForkStays() throws {
        let scratch = try ScratchFile(text: "shared\n")
        let server = Fork(name: "postgres-server")
        var options = immediate()
        options.shownFork = server
        let alice = try scratch.open(forks: ["alice"], shared: true, options: options)
        defer { try? alice.close() }
        #expect(try alice.session().forks.map(\.name) == ["alice", "main"], "until the shown fork exists, the usual choice")
        // As the sync exchange makes it: in the shared repository on disk, then taken in.
        try ForkedResource(repository: try #require(alice.repository)).create(server)
        try alice.synchronize()
        let aliceSession = try alice.session()
        #expect(aliceSession.forks.map(\.name) == ["alice", "postgres-server"])

        let bob = try scratch.open(forks: ["bob"], shared: true, options: immediate())
        defer { try? bob.close() }
        let bobSession = try bob.session()
        try type("<End> from bob", into: bobSession)
        _ = bobSession.show(try bob.idle())
        _ = aliceSession.show(try alice.idle())
        #expect(aliceSession.forks[1] == server, "bob changed last, but the shown fork stays")
    }

    @Test("with the editor's timings, the other process shows an edit within 500 ms of input timeouts")
    func liveWithinHalfASecond() throws {
        let scratch = try ScratchFile(text: "shared\n")
        let alice = try scratch.open(forks: ["alice"], shared: true)
        let bob = try scratch.open(forks: ["bob"], shared: true)
        defer { try? alice.close(); try? bob.close() }
        let aliceSession = try alice.session()
        let bobSession = try bob.session()
        // Both editors wake at least every input timeout; alice has just published, which is
        // the worst case for her next edit.
        try type("a", into: aliceSession)
        _ = aliceSession.show(try alice.idle())
        try type("b", into: aliceSession)
        _ = aliceSession.show(try alice.idle())
        // Counted in wake-ups, not measured in time: on a loaded machine each wake-up comes
        // late, which only lets the editors' intervals pass sooner.
        let timeout = alice.suggestedInputTimeoutMilliseconds
        var wakeUps = 0
        while bobSession.paneTexts[1] != "abshared\n", wakeUps < 50 {
            usleep(UInt32(timeout * 1000))
            wakeUps += 1
            _ = aliceSession.show(try alice.idle())
            _ = bobSession.show(try bob.idle())
        }
        #expect(bobSession.paneTexts[1] == "abshared\n", "bob never saw alice's edit")
        #expect(wakeUps * timeout <= 500, "bob saw alice's edit after \(wakeUps) wake-ups of \(timeout) ms")
    }

    @Test("merging through main from both processes keeps both sets of edits")
    func mergeFromBothProcesses() throws {
        let scratch = try ScratchFile(text: "one\ntwo\nthree\n")
        let alice = try scratch.open(forks: ["alice"], shared: true, options: immediate())
        let bob = try scratch.open(forks: ["bob"], shared: true, options: immediate())
        let aliceSession = try alice.session()
        let bobSession = try bob.session()
        try type("<End> A", into: aliceSession)
        try type("<Down><Down><End> B", into: bobSession)
        try type("<F5>", into: aliceSession)
        #expect(aliceSession.message == "Merged alice into main and main back into it")
        try type("<F5>", into: bobSession)
        #expect(bobSession.paneTexts[0] == "one A\ntwo\nthree B\n")
        try type("<F5>", into: aliceSession)
        #expect(aliceSession.paneTexts[0] == "one A\ntwo\nthree B\n")
        try alice.close()
        try bob.close()

        let stored = try ForkedResource(repository: try FileRepository<TextDocument>(directory: scratch.layout.repository))
        #expect(try stored.value(in: .main)?.text == "one A\ntwo\nthree B\n")
    }

    @Test("with auto-merge, a burst of edits reaches main and the other process without a merge key")
    func autoMerge() throws {
        let scratch = try ScratchFile(text: "top\nbottom\n")
        let alice = try scratch.open(forks: ["alice"], shared: true, options: immediate(autoMerge: true))
        let bob = try scratch.open(forks: ["bob"], shared: true, options: immediate(autoMerge: true))
        defer { try? alice.close(); try? bob.close() }
        let aliceSession = try alice.session()
        let bobSession = try bob.session()
        try type("<End>!", into: aliceSession)
        _ = aliceSession.show(try alice.idle())
        try type("<Down><End>?", into: bobSession)
        _ = bobSession.show(try bob.idle())
        _ = aliceSession.show(try alice.idle())
        let main = try ForkedResource(repository: try #require(alice.repository)).value(in: .main)?.text
        #expect(main == "top!\nbottom?\n")
        #expect(bobSession.paneTexts[0] == "top!\nbottom?\n")
        // Alice did not type again, yet main's change reached her fork.
        #expect(aliceSession.paneTexts[0] == "top!\nbottom?\n")
        // Bob takes in alice's merge (which changed nothing for him); from then on neither
        // process writes or merges again.
        _ = bobSession.show(try bob.idle())
        #expect(try !aliceSession.show(alice.idle()))
        #expect(try !bobSession.show(bob.idle()))
    }

    @Test("with auto-merge, edits left unmerged by the last run (a kill, or no auto-merge) merge at the first idle turn")
    func autoMergeOfRecoveredEdits() throws {
        let scratch = try ScratchFile(text: "top\n")
        do {
            let alice = try scratch.open(forks: ["alice"], shared: true, options: immediate())
            let session = try alice.session()
            try type("<End> typed before", into: session)
            _ = session.show(try alice.idle())
            try alice.close()
        }
        let alice = try scratch.open(forks: ["alice"], shared: true, options: immediate(autoMerge: true))
        defer { try? alice.close() }
        let stored = { try ForkedResource(repository: try #require(alice.repository)).value(in: .main)?.text }
        #expect(try stored() == "top\n", "nothing merged yet")
        let session = try alice.session()
        #expect(session.show(try alice.idle()))
        #expect(try stored() == "top typed before\n", "no keystroke needed")
        #expect(try !session.show(alice.idle()), "merged once")
    }

    /// The body of each child process: only enabled when a parent test starts this bundle.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[fileVariable] != nil))
    func sharedEditingWorker() throws {
        let environment = ProcessInfo.processInfo.environment
        let file = URL(fileURLWithPath: try #require(environment[fileVariable]))
        let fork = try #require(environment[forkVariable])
        let document = try PersistentDocument.open(
            file: file, ownForks: [Fork(name: fork)], fileText: try String(contentsOf: file, encoding: .utf8),
            sharesRepository: true, options: immediate()
        )
        let session = try document.session()
        for line in 0..<linesPerWorker {
            try type("<PgDn><PgDn><PgDn><PgDn><PgDn><End>\(fork) \(line)<Enter>", into: session)
            _ = session.show(try document.idle())
            if line % 10 == 9 { try type("<F5>", into: session) }
        }
        try type("<F5>", into: session)
        try document.close()
    }

    @Test("two real processes editing their own forks of one file, merging as they go, lose nothing")
    func twoProcesses() throws {
        let scratch = try ScratchFile(text: "")
        let workers = try ["alice", "bob"].map { fork in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["--testing-library", "swift-testing", "--filter", "sharedEditingWorker"]
            var environment = ProcessInfo.processInfo.environment
            environment[fileVariable] = scratch.file.path
            environment[forkVariable] = fork
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for worker in workers {
            worker.waitUntilExit()
            #expect(worker.terminationStatus == 0)
        }
        let document = try scratch.open(forks: ["alice"], shared: true)
        defer { try? document.close() }
        // A worker whose fork held nothing of its own at quit removed it (its lines are in main).
        let remaining = try [Fork(name: "alice"), Fork(name: "bob")].filter { try document.resource.has($0) }
        try document.synchronize { try document.resource.syncMain(with: remaining) }
        let main = try #require(try document.resource.value(in: .main)?.text)
        for fork in ["alice", "bob"] {
            for line in 0..<linesPerWorker {
                #expect(main.contains("\(fork) \(line)\n"), "\(fork) \(line) is missing from main:\n\(main)")
            }
        }
    }
}

@Suite("Fork ownership")
struct ForkOwnershipTests {
    @Test("a fork open in one document cannot be opened for editing in another until it is closed")
    func oneEditorPerFork() throws {
        let scratch = try ScratchFile(text: "x\n")
        let first = try scratch.open(forks: ["alice"], shared: true)
        #expect(throws: PersistenceError.forkInUse(fork: "alice", file: scratch.layout.file.path)) {
            _ = try scratch.open(forks: ["alice"], shared: true)
        }
        let other = try scratch.open(forks: ["bob"], shared: true)
        try other.close()
        try first.close()
        let again = try scratch.open(forks: ["alice"], shared: true)
        try again.close()
    }
}
