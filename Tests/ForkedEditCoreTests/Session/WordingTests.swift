import Forked
import Testing
@testable import ForkedEditCore

/// The small words a new user reads first.
@Suite("Wording")
struct WordingTests {

    @Test("one edit is '1 edit', also when diverged")
    func singular() throws {
        let session = try EditorSession(text: "abc", fileName: nil, columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        try session.type("x<Tab>y<F5><Tab>z")
        try session.resource.update(.main, with: TextDocument(text: "main moved"))
        #expect(try session.stateDescription(ofPane: 0) == "1 change, diverged")
    }

    @Test("a read-only pane on main reads 'main · read-only', not 'main · read-only, main'")
    func readOnlyMain() throws {
        let resource = try TextDocumentResource(repository: AnyRepository(InMemoryRepository<TextDocument>()))
        try resource.update(.main, with: TextDocument(text: "text"))
        try resource.create(Fork(name: "alice"))
        let session = try EditorSession(
            resource: resource, forkNames: ["alice", "main"], readOnlyPanes: [1], fileName: nil,
            columns: 80, rows: 24, writer: InMemoryDocumentWriter())
        let top = session.render().plainTextRows()[0]
        #expect(top.contains("main · read-only"), "\(top)")
        #expect(!top.contains("read-only, main"), "\(top)")
    }

    @Test("the footer offers the view F2 switches to, and no side is 'dominant' when there is nothing to merge")
    func footerAndDominance() throws {
        let session = try EditorSession(text: "abc", fileName: nil, columns: 100, rows: 24, writer: InMemoryDocumentWriter())
        #expect(session.render().plainTextRows().joined().contains("nothing to merge"))
        try session.type("x<F5>")
        var rows = session.render().plainTextRows()
        #expect(!rows.joined().contains("dominant"), "\(rows)")
        #expect(rows.last?.contains("F2 Ancestor") == true)
        try session.type("<F2>")
        rows = session.render().plainTextRows()
        #expect(rows.last?.contains("F2 Live merge") == true, "\(rows.last ?? "")")
    }
}
