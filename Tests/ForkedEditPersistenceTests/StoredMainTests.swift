import Forked
import ForkedEditCore
import ForkedEditPersistence
import Foundation
import Testing

@Suite("Restoring main as stored (forked-edit restore)")
struct StoredMainTests {
    /// Main merged but never saved: the file and its saved text are older than main, as they are
    /// when a synced document took in another device's typing.
    private func mainAheadOfTheFile() throws -> ScratchFile {
        let scratch = try ScratchFile(text: "one\ntwo\n")
        let document = try scratch.open()
        try type("<Down><End> from elsewhere<F5>", into: try document.session())
        try document.close()
        return scratch
    }

    @Test("the restored text comes back whole, not merged as a change to the file as last saved")
    func restoredWhole() throws {
        let scratch = try mainAheadOfTheFile()
        let restoration = try #require(try StoredMain.restore("zero\n", of: scratch.file, sparing: []))
        #expect(restoration.followed.map(\.name) == ["left", "right"])
        #expect(restoration.leftAsTheyWere.isEmpty)
        try "zero\n".write(to: scratch.file, atomically: true, encoding: .utf8)

        let reopened = try scratch.open()
        defer { try? reopened.close() }
        #expect(!reopened.report.mergedExternalChange)
        let session = try reopened.session()
        #expect(session.paneTexts == ["zero\n", "zero\n"])
        #expect(try reopened.resource.value(in: .main)?.text == "zero\n")
        #expect(!session.isModified)
    }

    @Test("a fork with edits of its own keeps them and takes the restored text in at its merge; spared and open forks are not touched")
    func forksWithTheirOwnEdits() throws {
        let scratch = try ScratchFile(text: "one\ntwo\n")
        do {
            let document = try scratch.open()
            try type("<Down><End> left's own", into: try document.session())
            try document.close()
        }
        let open = try scratch.open(forks: ["held"], shared: true)
        defer { try? open.close() }
        _ = try open.session()
        let repository = try #require(open.repository)
        try ForkedResource(repository: repository).create(Fork(name: "spared"))

        let restoration = try #require(try StoredMain.restore("zero\ntwo\n", of: scratch.file, sparing: [Fork(name: "spared")]))
        #expect(restoration.followed.map(\.name) == ["right"])
        #expect(Set(restoration.leftAsTheyWere.map(\.name)) == ["held", "left", "spared"])
        let stored = try ForkedResource(repository: try FileRepository<TextDocument>(directory: scratch.layout.repository))
        #expect(try stored.value(in: .main)?.text == "zero\ntwo\n")
        #expect(try stored.value(in: Fork(name: "left"))?.text == "one\ntwo left's own\n")
        #expect(try stored.value(in: Fork(name: "spared"))?.text == "one\ntwo\n")
        try stored.syncMain(with: [Fork(name: "left")])
        #expect(try stored.value(in: .main)?.text == "zero\ntwo left's own\n")
    }

    @Test("a file without stored state has nothing but the file to restore")
    func noState() throws {
        let scratch = try ScratchFile(text: "one\n")
        #expect(try StoredMain.restore("zero\n", of: scratch.file, sparing: []) == nil)
    }
}
