import Forked
import Testing
@testable import ForkedEditCore

/// With `--fork`, the right pane shows another process's fork read-only; the live merge must
/// show what F5 will give: this fork merged with main.
@Suite("Live merge preview of a shared fork")
struct SharedForkPreviewTests {

    /// Main "Dear Ada,\n"; alice and bob forks; alice's session shows bob read-only.
    private func aliceSession(bobEdits: String? = nil) throws -> EditorSession {
        let resource = try TextDocumentResource(repository: AnyRepository(InMemoryRepository<TextDocument>()))
        try resource.update(.main, with: TextDocument(text: "Dear Ada,\nsee you.\n"))
        try resource.create(Fork(name: "alice"))
        try resource.create(Fork(name: "bob"))
        if let bobEdits { try resource.update(Fork(name: "bob"), with: TextDocument(text: bobEdits)) }
        return try EditorSession(
            resource: resource, forkNames: ["alice", "bob"], readOnlyPanes: [1], fileName: nil,
            columns: 80, rows: 24, writer: InMemoryDocumentWriter())
    }

    @Test("other fork behind main: the preview keeps this fork's merged text and equals F5's result")
    func otherForkBehind() throws {
        let session = try aliceSession()
        try session.type("Hello! <F5>")
        #expect(try session.resource.status(of: Fork(name: "bob")) == .behind)
        try session.type("<End> More.")
        let preview = session.liveMerge.text
        #expect(preview.contains("Hello! Dear Ada, More."), "\(preview)")
        #expect(session.liveMerge.statistics.allSatisfy { $0.deleted == 0 }, "nothing of alice's is shown deleted")
        try session.type("<F5>")
        #expect(try session.documents()["alice"] == preview)
    }

    @Test("other fork diverged: the preview is this fork merged with main, which F5 produces")
    func otherForkDiverged() throws {
        let session = try aliceSession(bobEdits: "Dear Ada,\nsee you soon.\n")
        try session.type("Hello! <F5><End> More.")
        let preview = session.liveMerge.text
        let title = session.render().plainTextRows().first { $0.contains("Live merge") } ?? ""
        #expect(title.contains("alice") && title.contains("main"), "\(title)")
        try session.type("<F5>")
        #expect(try session.documents()["alice"] == preview)
        #expect(!preview.contains("soon"), "bob's unmerged edit is not part of F5's result")
    }
}
