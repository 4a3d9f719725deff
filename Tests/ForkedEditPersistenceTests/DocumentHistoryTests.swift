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
        let document = try scratch.open()
        let session = try document.makeSession(fileName: scratch.file.path, columns: 80, rows: 24, writer: AtomicDocumentWriter())
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
            let document = try scratch.open(options: options)
            let session = try document.makeSession(fileName: scratch.file.path, columns: 80, rows: 24, writer: AtomicDocumentWriter())
            try type("a", into: session)
            _ = session.show(try document.idle())
            try type("<C-s>", into: session)
            try document.close()
        }
        do {
            let document = try scratch.open(options: options)
            let session = try document.makeSession(fileName: scratch.file.path, columns: 80, rows: 24, writer: AtomicDocumentWriter())
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
}
