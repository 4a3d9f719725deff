import Forked
import ForkedEditCore
import ForkedEditPersistence
import ForkedHistory
import Foundation
import Testing

@Suite("Persistent document: history of versions")
struct DocumentHistoryTests {
    @Test("a merge records both forks' versions and main's merge of them; closing keeps only the history")
    func mergeAndCloseKeepHistory() throws {
        let scratch = try ScratchFile(text: "one two\n")
        let (document, session) = try scratch.openWithSession()
        try type("left <Tab><End>right<C-s>", into: session)
        #expect(scratch.text == "left one tworight\n")
        try document.close()

        let names = Set(try FileManager.default.contentsOfDirectory(atPath: scratch.layout.directory.path))
        #expect(names.isSubset(of: ["history", "open.lock"]), "\(names)")
        let history = History<TextDocument>(store: try FileCommitStore(directory: scratch.layout.history))
        let main = try #require(try history.heads()["main"])
        let merge = try history.commit(main)
        #expect(merge.parents.count == 3, "main's first version, then both forks' edits")
        #expect(try history.value(at: main).text == "left one tworight\n")
        let forkTexts = try merge.parents.dropFirst().map { try history.value(at: $0).text }
        #expect(Set(forkTexts) == ["left one two\n", "one tworight\n"])
        #expect(try history.value(at: merge.parents[0]).text == "one two\n")
        #expect(try history.heads()["left"] == main, "a fork equal to main points at main's version")
    }

    @Test("reopening continues the same history, and a paused burst of typing records a version")
    func historyContinuesAcrossSessions() throws {
        let scratch = try ScratchFile(text: "start\n")
        let options = PersistentDocument.Options(historyInterval: .zero)
        do {
            let (document, session) = try scratch.openWithSession(options: options)
            try type("a", into: session)
            _ = session.show(try document.idle())
            try type("<C-s>", into: session)
            try document.close()
        }
        do {
            let (document, session) = try scratch.openWithSession(options: options)
            try type("b<C-s>", into: session)
            try document.close()
        }
        #expect(scratch.text == "bastart\n")
        let history = History<TextDocument>(store: try FileCommitStore(directory: scratch.layout.history))
        let texts = try history.log(from: try history.heads()["main"]).map { try history.value(at: $0.commit.id).text }
        #expect(texts.first == "bastart\n")
        #expect(texts.last == "start\n")
        #expect(texts.contains("astart\n"))
    }

    @Test("a store made while typing goes on records no version: the version waits for the next pause, or the close")
    func typingNeverWaitsForAVersion() throws {
        let scratch = try ScratchFile(text: "start\n")
        // Every idle moment stores, and typing never pauses long enough to count as a pause.
        let options = PersistentDocument.Options(burstPause: .seconds(3_600), historyInterval: .zero)
        let (document, session) = try scratch.openWithSession(options: options)
        try type("a", into: session)
        _ = session.show(try document.idle())
        try type("b", into: session)
        _ = session.show(try document.idle())
        #expect(document.pendingEditCount == 0, "the edits are stored")
        let history = History<TextDocument>(store: try FileCommitStore(directory: scratch.layout.history))
        let leftTexts = { try history.heads()["left"].map { try history.value(at: $0).text } }
        #expect(try leftTexts() != "abstart\n", "no version was recorded while typing went on")
        try document.close()
        let heads = try history.heads().mapValues { try history.value(at: $0).text }
        #expect(heads["left"] == "abstart\n", "the version is recorded when the document closes: \(heads)")
    }

    @Test("main's versions that came from elsewhere are recorded under the origin the document is told, its own merges under main")
    func changesFromElsewhereNameTheirOrigin() throws {
        let scratch = try ScratchFile(text: "start\n")
        let (document, session) = try scratch.openWithSession()
        try type("a<C-s>", into: session)
        document.originOfChangesFromElsewhere = { "bob" }
        // What a sync exchange does: merge another device's version into the stored main.
        let repository = try #require(document.repository)
        try ForkedResource(repository: repository).update(.main, with: TextDocument(text: "astart\nfrom bob\n"))
        try document.synchronize()
        try type("<Tab>b<C-s>", into: session)
        try document.close()

        let history = History<TextDocument>(store: try FileCommitStore(directory: scratch.layout.history))
        let log = try history.log(from: try history.heads()["main"]).map { (try history.value(at: $0.commit.id).text, $0.commit.origin) }
        #expect(log.first?.0 == "bastart\nfrom bob\n" && log.first?.1 == "main", "this process's merge: \(log)")
        #expect(log.contains { $0 == ("astart\nfrom bob\n", "bob") }, "\(log)")
        #expect(log.contains { $0 == ("astart\n", "main") }, "\(log)")
    }
}
