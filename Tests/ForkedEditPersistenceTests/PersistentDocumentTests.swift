@_spi(FaultInjection) import Forked
import ForkedEditCore
import ForkedEditPersistence
import ForkedTestSupport
import Foundation
import Testing

@Suite("Persistent document: snapshots, journals, crash recovery")
struct PersistentDocumentTests {
    @Test("the state directory is made beside the file at the first edit, with the documented layout")
    func layout() throws {
        let scratch = try ScratchFile(text: "hello\n")
        let document = try scratch.open()
        defer { try? document.close() }
        let directory = scratch.directory.appendingPathComponent(".notes.txt.forked")
        #expect(document.layout.directory.path == directory.path)
        #expect(!FileManager.default.fileExists(atPath: directory.path), "opening writes nothing")
        #expect(!document.isStored)
        try type("x", into: try document.session())
        #expect(document.isStored)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names.isSuperset(of: ["repository", "journals", "saved.txt", "open.lock"]))
        let journals = Set(try FileManager.default.contentsOfDirectory(atPath: document.layout.journals.path))
        #expect(journals == ["left.journal", "left.lock", "right.journal", "right.lock"])
        #expect(try document.resource.value(in: .main)?.text == "hello\n")
    }

    @Test("a large file's state is made at the first idle moment, not in its first keystroke, and a close without edits removes it")
    func largeFileStoresBeforeTheFirstEdit() throws {
        let scratch = try ScratchFile(text: "a larger file\n")
        let directory = scratch.directory.appendingPathComponent(".notes.txt.forked")
        do {
            // Below the size: nothing is written until an edit.
            let document = try scratch.open()
            _ = try document.idle()
            #expect(!document.isStored)
            try document.close()
        }
        let document = try scratch.open(options: PersistentDocument.Options(earlyStoreSize: 10))
        #expect(!document.isStored, "opening writes nothing")
        _ = try document.idle()
        #expect(document.isStored)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("repository").path))
        try type("x", into: try document.session())
        try type("<BS>", into: try document.session())
        try document.close()
        #expect(!FileManager.default.fileExists(atPath: directory.path), "nothing beyond the file was kept")
        #expect(scratch.text == "a larger file\n")
    }

    @Test("state that holds nothing the file does not is removed on close (the history stays); unsaved edits keep it")
    func redundantStateIsRemoved() throws {
        let scratch = try ScratchFile(text: "hello\n")
        let directory = scratch.layout.directory.path
        try scratch.open().close()
        #expect(!FileManager.default.fileExists(atPath: directory), "opened and closed without an edit")

        let missing = try ScratchFile(text: nil, name: "never.txt")
        try missing.open().close()
        #expect(!FileManager.default.fileExists(atPath: missing.layout.directory.path), "a file that never existed")

        do {
            let (document, session) = try scratch.openWithSession()
            try type("new <C-s>", into: session)
            #expect(scratch.text == "new hello\n")
            try document.close()
        }
        // Edited, saved and closed: only the history of versions stays (the file holds the rest).
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(left == ["history"], "\(left)")

        try scratch.typeAndClose("unsaved ")
        #expect(FileManager.default.fileExists(atPath: directory), "an unsaved edit is kept")
        let reopened = try scratch.open()
        #expect(try reopened.resource.value(in: Fork(name: "left"))?.text == "unsaved new hello\n")
        try reopened.close()
    }

    @Test("a fork's lock released a moment after opening began is claimed, not reported as taken")
    func briefHolderOfAForkIsWaitedFor() throws {
        let scratch = try ScratchFile(text: "hello\n")
        try scratch.typeAndClose("unsaved ")
        // Held as a child process starting elsewhere holds a copy of it, until it runs its program.
        let copy = ReleasedLater(try #require(try FileLock.acquireIfFree(scratch.layout.ownershipLock(of: Fork(name: "left")))))
        copy.release(after: .milliseconds(50))
        let reopened = try scratch.open()
        #expect(try reopened.resource.value(in: Fork(name: "left"))?.text == "unsaved hello\n")
        try reopened.close()
    }

    @Test("an editor closing the file removes its redundant state while another waits to open it: the other opens afresh")
    func stateRemovedWhileWaitingToOpen() throws {
        let scratch = try ScratchFile(text: "hello\n")
        try scratch.typeAndClose("unsaved ")
        let directory = scratch.layout.directory
        // As the closing editor holds it: the open lock, then the directory removed under it.
        let holder = RemovesThenReleases(try FileLock.acquire(scratch.layout.openLock))
        holder.removeThenRelease(directory, after: 0.1)
        let reopened = try scratch.open()
        #expect(try reopened.resource.value(in: .main)?.text == "hello\n", "opened afresh from the file")
        try reopened.close()
    }

    @Test("edits journaled but never snapshotted come back after a crash, both panes exactly")
    func crashRecoveryRestoresBothPanes() throws {
        let scratch = try ScratchFile(text: "alpha\nbeta\ngamma\n")
        let before: ForkSnapshot
        let panes: [PaneState]
        do {
            let document = try scratch.open()
            let session = try document.session()
            try type("<End> one<Down><C-z>x<Tab><Down><Down>three é👍<Left><BS>", into: session)
            try document.flushJournals()
            #expect(document.pendingEditCount == 5)
            before = try ForkSnapshot(session.resource)
            panes = session.panes.map(\.state)
            // No close: the process dies here, with nothing but the journals on disk.
        }
        let reopened = try scratch.open()
        defer { try? reopened.close() }
        let session = try reopened.session()
        #expect(try ForkSnapshot(reopened.resource) == before)
        #expect(session.paneTexts == panes.map(\.buffer.text))
        #expect(session.panes.map(\.state.cursor) == panes.map(\.cursor))
        #expect(reopened.report.replayedEdits["left"] == 3)
        #expect(session.message?.contains("Recovered") == true)
    }

    @Test("after a merge and more typing, reopening restores forks, ancestors and statuses exactly")
    func reopenAfterMerge() throws {
        let scratch = try ScratchFile(text: "one\ntwo\nthree\n")
        let before: ForkSnapshot
        do {
            let document = try scratch.open()
            let session = try document.session()
            try type("<End>!<Tab><Down><End>?<F5>", into: session)
            #expect(document.pendingEditCount == 0, "a merge snapshots")
            try type("<Down>more ", into: session)
            try type("<Tab>left ", into: session)
            try document.flushJournals()
            before = try ForkSnapshot(session.resource)
            #expect(before.statuses["left"] == .ahead(edits: 1))
            #expect(before.statuses["right"] == .ahead(edits: 1))
        }
        let reopened = try scratch.open()
        defer { try? reopened.close() }
        #expect(try ForkSnapshot(reopened.resource) == before)
        // The fork edited last still dominates the live merge.
        let session = try reopened.session()
        #expect(session.liveMerge.dominantPane == 0)
    }

    @Test("a keystroke returns while the disk stalls, and reaches the journal with no explicit flush")
    func groupCommit() throws {
        let scratch = try ScratchFile(text: "text\n")
        let document = try scratch.open()
        defer { try? document.close() }
        let session = try document.session()
        try type("a", into: session)
        try document.flushJournals()
        let journal = scratch.layout.journal(of: Fork(name: "left"))
        for round in 2...4 {
            // The journal's next write stalls until the gate opens. Another thread opens it
            // only once the keystroke has returned, or after 10 s if it never does.
            let gate = FileFaults.Gate()
            let keystrokeReturned = DispatchSemaphore(value: 0)
            let opener = DispatchSemaphore(value: 0)
            let order = OrderBox()
            DispatchQueue.global().async {
                order.writerReached = gate.waitUntilReached()
                order.returnedWhileStalled = keystrokeReturned.wait(timeout: .now() + 10) == .success
                order.onDiskWhileStalled = (try? JournalContents.read(journal)?.edits.count) ?? 0
                gate.open()
                opener.signal()
            }
            let plan = FileFaults.Plan(directory: scratch.layout.journals, step: 1, action: .hold(gate), operations: [.write])
            let run = FileFaults.run(plan) {
                session.handle(.key(.text("k")))
                keystrokeReturned.signal()
                opener.wait()
                // From here the record reaches the disk with no flush from the editor.
                for _ in 0..<2_000 where try JournalContents.read(journal)?.edits.count != round { usleep(1_000) }
            }
            #expect(run.outcome.fired, "round \(round)")
            #expect(order.writerReached, "round \(round): the journal writer started writing")
            #expect(order.returnedWhileStalled, "round \(round): the keystroke waited for the disk")
            #expect(order.onDiskWhileStalled == round - 1, "round \(round)")
            #expect(try JournalContents.read(journal)?.edits.count == round, "round \(round)")
        }
    }

    private final class OrderBox: @unchecked Sendable {
        var writerReached = false
        var returnedWhileStalled = false
        var onDiskWhileStalled = 0
    }

    @Test("a clean close snapshots everything and leaves only headers in the journals")
    func closeSnapshots() throws {
        let scratch = try ScratchFile(text: "x\n")
        let before: ForkSnapshot
        do {
            let document = try scratch.open()
            let session = try document.session()
            try type("abc<Tab>def", into: session)
            before = try ForkSnapshot(session.resource)
            try document.close()
        }
        for fork in ["left", "right"] {
            let journal = try #require(try JournalContents.read(scratch.layout.journal(of: Fork(name: fork))))
            #expect(journal.edits.isEmpty)
        }
        let reopened = try scratch.open()
        defer { try? reopened.close() }
        #expect(try ForkSnapshot(reopened.resource) == before)
        #expect(reopened.report.replayedEdits.isEmpty)
    }

    @Test("a journal cut at every byte of its last record reopens with every earlier edit")
    func tornLastRecord() throws {
        let scratch = try ScratchFile(text: "start\n")
        var texts: [String] = []
        do {
            let document = try scratch.open()
            let session = try document.session()
            for character in "typed" {
                try type(String(character), into: session)
                texts.append(session.paneTexts[0])
            }
            try document.flushJournals()
        }
        let journal = scratch.layout.journal(of: Fork(name: "left"))
        let bytes = try Data(contentsOf: journal)
        let lastRecordLength = 12 + 33 + 1
        let lastStart = bytes.count - lastRecordLength
        for cut in lastStart..<bytes.count {
            let copy = try scratch.copy()
            try bytes.prefix(cut).write(to: copy.layout.journal(of: Fork(name: "left")))
            let document = try copy.open()
            #expect(try document.resource.value(in: Fork(name: "left"))?.text == texts[texts.count - 2], "cut at \(cut)")
            #expect(document.report.replayedEdits["left"] == texts.count - 1)
            #expect(document.report.droppedJournalBytes == cut - lastStart)
            try document.close()
        }
    }

    @Test("a crash between a snapshot and the journal's reset does not apply the edits twice")
    func crashBetweenSnapshotAndReset() throws {
        let scratch = try ScratchFile(text: "base\n")
        let expected: ForkSnapshot
        do {
            let document = try scratch.open()
            let session = try document.session()
            try type("<End> more text", into: session)
            try document.flushJournals()
            let journalURL = scratch.layout.journal(of: Fork(name: "left"))
            let unreset = try Data(contentsOf: journalURL)
            try document.synchronize()
            expected = try ForkSnapshot(session.resource)
            // As if the process died after the repository write but before the reset.
            try unreset.write(to: journalURL)
        }
        let reopened = try scratch.open()
        defer { try? reopened.close() }
        #expect(try ForkSnapshot(reopened.resource) == expected)
        #expect(try reopened.resource.value(in: Fork(name: "left"))?.text == "base more text\n")
        #expect(reopened.report.skippedJournals == ["left"])
        #expect(reopened.report.replayedEdits.isEmpty)
    }

    @Test("every N edits, once typing pauses, the journal is folded into a snapshot")
    func periodicSnapshot() throws {
        let scratch = try ScratchFile(text: "")
        let document = try scratch.open(options: PersistentDocument.Options(snapshotInterval: 10, burstPause: .zero))
        defer { try? document.close() }
        let session = try document.session()
        for digit in "0123456789" { try type(String(digit), into: session) }
        #expect(document.pendingEditCount == 10)
        _ = session.show(try document.idle())
        #expect(document.pendingEditCount == 0)
        let stored = try ForkedResource(repository: try #require(document.repository))
        #expect(try stored.value(in: Fork(name: "left"))?.text == "0123456789")
    }

    @Test("a change made to the file outside the editor merges into main and the forks")
    func externalChangeMergesIn() throws {
        let scratch = try ScratchFile(text: "first line\nsecond line\nthird line\n")
        do {
            let document = try scratch.open()
            let session = try document.session()
            try type("<End> (left)", into: session)
            try document.close()
        }
        try "first line\nsecond line\nthird line, edited elsewhere\n".write(to: scratch.file, atomically: true, encoding: .utf8)
        let reopened = try scratch.open()
        defer { try? reopened.close() }
        #expect(reopened.report.mergedExternalChange)
        #expect(try reopened.resource.value(in: .main)?.text == "first line\nsecond line\nthird line, edited elsewhere\n")
        #expect(try reopened.resource.value(in: Fork(name: "left"))?.text == "first line (left)\nsecond line\nthird line, edited elsewhere\n")
        #expect(try reopened.resource.value(in: Fork(name: "right"))?.text == "first line\nsecond line\nthird line, edited elsewhere\n")
        let session = try reopened.session()
        #expect(session.message?.contains("changed on disk") == true)

        // Opening again without a further change merges nothing twice.
        try reopened.close()
        let again = try scratch.open()
        defer { try? again.close() }
        #expect(!again.report.mergedExternalChange)
    }

    @Test("saving records the saved text, so the saved file is not taken for an outside change")
    func saveIsNotAnExternalChange() throws {
        let scratch = try ScratchFile(text: "a\n")
        do {
            let document = try scratch.open()
            let writer = InMemoryDocumentWriter()
            let session = try document.makeSession(fileName: scratch.file.path, columns: 80, rows: 24, writer: writer)
            try type("b<Tab>c<C-s>", into: session)
            let saved = try #require(writer.files[scratch.file.path])
            try saved.write(to: scratch.file, atomically: true, encoding: .utf8)
            #expect(document.lastSavedText == saved)
            try document.close()
        }
        let reopened = try scratch.open()
        defer { try? reopened.close() }
        #expect(!reopened.report.mergedExternalChange)
        #expect(try reopened.session().isModified == false)
    }

    @Test("a damaged repository is reported clearly and moved aside, never deleted")
    func corruptRepository() throws {
        let scratch = try ScratchFile(text: "keep me\n")
        try scratch.typeAndClose("x<Tab>")
        let manifest = scratch.layout.repository.appendingPathComponent("manifest.json")
        try Data("{ not json".utf8).write(to: manifest)
        #expect {
            _ = try scratch.open()
        } throws: { error in
            guard case PersistenceError.corruptState(let directory, let reason)? = error as? PersistenceError else { return false }
            return directory == scratch.layout.directory.path && reason.contains("manifest")
        }
        let moved = try PersistentDocument.moveAside(scratch.layout)
        #expect(moved.lastPathComponent.hasPrefix(".notes.txt.forked.corrupt-"))
        #expect(try Data(contentsOf: moved.appendingPathComponent("repository/manifest.json")) == Data("{ not json".utf8))
        let fresh = try scratch.open()
        defer { try? fresh.close() }
        #expect(!fresh.isStored)
        #expect(try fresh.resource.value(in: Fork(name: "left"))?.text == "keep me\n")
    }

    @Test("a plain file where the state directory goes is reported at open, before any edit")
    func fileInTheWayOfTheStateDirectory() throws {
        let scratch = try ScratchFile(text: "Read me.\n")
        try Data("in the way\n".utf8).write(to: scratch.layout.directory)
        #expect {
            _ = try scratch.open()
        } throws: { error in
            guard case PersistenceError.fileSystem(let path, let reason)? = error as? PersistenceError else { return false }
            return path == scratch.layout.directory.path && reason.contains("in the way")
        }
        #expect(try String(contentsOf: scratch.layout.directory, encoding: .utf8) == "in the way\n")
    }

    @Test("a journal that does not fit its fork is reported as damaged state")
    func journalThatDoesNotFit() throws {
        let scratch = try ScratchFile(text: "ab\n")
        do {
            let document = try scratch.open()
            let session = try document.session()
            try type("<End><End>xyz", into: session)
            try document.flushJournals()
        }
        // Another document's journal, with offsets past this text's end.
        let journalURL = scratch.layout.journal(of: Fork(name: "left"))
        let header = try #require(try JournalContents.read(journalURL))
        let journal = try AppendOnlyJournal(url: journalURL)
        try journal.reset()
        journal.append(JournalRecord.header(fork: Fork(name: "left"), forkVersion: header.baseVersion).encoded)
        journal.append(JournalRecord.edit(change: TextEdit(utf8Offset: 500, removedUTF8Count: 0, inserted: "x"),
                                          cursorUTF8Offset: 501, version: Version(count: 1000)).encoded)
        try journal.flush()
        #expect(throws: PersistenceError.self) { _ = try scratch.open() }
    }
}

@Suite("EditorSession on a file repository")
struct SessionOnFileRepositoryTests {
    @Test("a session runs directly on a FileRepository; a second resource on the directory sees every edit and merge")
    func sessionOnFileRepository() throws {
        let scratch = try ScratchFile(text: nil)
        let directory = scratch.directory.appendingPathComponent("direct.forked")
        let resource = try TextDocumentResource(repository: AnyRepository(try FileRepository<TextDocument>(directory: directory)))
        try resource.update(.main, with: TextDocument(text: "one\n"))
        try resource.create(Fork(name: "left"))
        try resource.create(Fork(name: "right"))
        let session = try EditorSession(
            resource: resource, forkNames: ["left", "right"], fileName: nil, columns: 80, rows: 24,
            writer: InMemoryDocumentWriter()
        )
        try type("<End>!<Tab>>", into: session)
        let other = try ForkedResource(repository: try FileRepository<TextDocument>(directory: directory))
        #expect(try other.value(in: Fork(name: "left"))?.text == "one!\n")
        #expect(try other.value(in: Fork(name: "right"))?.text == ">one\n")
        try type("<F5>", into: session)
        #expect(try other.value(in: .main)?.text == ">one!\n")
    }
}

/// Holds a lock, then on another thread removes a directory and releases the lock.
private final class RemovesThenReleases: @unchecked Sendable {
    private let guardLock = NSLock()
    private var lock: FileLock?

    init(_ lock: FileLock) { self.lock = lock }

    func removeThenRelease(_ directory: URL, after seconds: Double) {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: seconds)
            try? FileManager.default.removeItem(at: directory)
            self.guardLock.withLock { self.lock = nil }
        }
    }
}
