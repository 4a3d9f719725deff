import ForkedEditCore
@testable import ForkedEditSync
@testable import ForkedPostgres
import Foundation
import Testing

/// Every sentence the editor shows about sync, for every state of the connection, without a server.
@Suite("What the editor says about sync")
struct EditorSyncWordingTests {
    private func status(_ connection: SyncStatus.Connection, pending: Bool = false, access: DocumentAccess? = nil) -> SyncStatus {
        var status = SyncStatus()
        status.connection = connection
        status.hasPendingChanges = pending
        status.access = access
        return status
    }

    private let since = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("the status line names a connection that is not working, and nothing once it works")
    func standingNotice() {
        #expect(EditorSync.standingNotice(status(.connecting), document: "plan.txt") == "Sync: connecting for 'plan.txt'")
        #expect(EditorSync.standingNotice(status(.connected), document: "plan.txt") == nil)
        #expect(EditorSync.standingNotice(status(.closed), document: "plan.txt") == nil)
        let offline = EditorSync.standingNotice(status(.offline(since: since, reason: "connection refused")), document: "plan.txt")
        #expect(offline?.hasPrefix("Sync: offline since ") == true)
        #expect(offline?.hasSuffix(", reconnecting (connection refused); edits are kept") == true)
        let stopped = EditorSync.standingNotice(status(.stopped(.tooManyConflicts(attempts: 5))), document: "plan.txt")
        #expect(stopped?.hasPrefix("Sync stopped: ") == true && stopped?.hasSuffix("; edits are kept here") == true)
        let tooLarge = EditorSync.standingNotice(
            status(.stopped(.documentTooLarge(document: "plan.txt", bytes: 64 << 20, limit: 32 << 20))), document: "plan.txt"
        )
        #expect(tooLarge == "Sync stopped: 'plan.txt' on the server holds 64.0 MB, over this device's limit of 32.0 MB (--sync-limit MB raises it); edits are kept here")
    }

    @Test("the server pane's title says whether its text is live")
    func serverPaneNote() {
        #expect(EditorSync.serverPaneNote(status(.connecting)) == "connecting")
        #expect(EditorSync.serverPaneNote(status(.connected)) == "live")
        #expect(EditorSync.serverPaneNote(status(.connected, pending: true)) == "publishing")
        // A member whose access was lowered to read-only keeps its changes; nothing is published.
        #expect(EditorSync.serverPaneNote(status(.connected, pending: true, access: .readOnly)) == "live; your changes stay here (read-only access)")
        #expect(EditorSync.serverPaneNote(status(.connected, access: .readOnly)) == "live")
        #expect(EditorSync.serverPaneNote(status(.connected, pending: true, access: .readWrite)) == "publishing")
        #expect(EditorSync.serverPaneNote(status(.offline(since: since, reason: "x"))).hasPrefix("offline since "))
        #expect(EditorSync.serverPaneNote(status(.stopped(.tooManyConflicts(attempts: 1)))) == "sync stopped")
        #expect(EditorSync.serverPaneNote(status(.closed)) == "closed")
    }

    @Test("the merge key's message says where main goes")
    func publishingNote() {
        #expect(EditorSync.publishingNote(status(.connected), mainChanged: true) == "publishing to the server")
        #expect(EditorSync.publishingNote(status(.connected, pending: true), mainChanged: false) == "publishing to the server")
        #expect(EditorSync.publishingNote(status(.connected), mainChanged: false) == "the server has it too")
        #expect(EditorSync.publishingNote(status(.connected, access: .readOnly), mainChanged: true) == "kept here: read-only access publishes nothing")
        #expect(EditorSync.publishingNote(status(.connecting), mainChanged: true) == "published when the server is back")
        #expect(EditorSync.publishingNote(status(.offline(since: since, reason: "x")), mainChanged: true) == "published when the server is back")
        #expect(EditorSync.publishingNote(status(.closed), mainChanged: true) == "not published: sync stopped")
    }

    @Test("the history names another device by the user its presence gives, else 'another device'")
    func historyOrigin() {
        let bob = PeerPresence(device: "d2", value: PeerCursor(name: "bob", position: TextPosition(line: 0, column: 3)).presence, received: since)
        #expect(EditorSync.historyOrigin(device: nil, peers: [bob]) == nil)
        #expect(EditorSync.historyOrigin(device: "d2", peers: [bob]) == "bob")
        #expect(EditorSync.historyOrigin(device: "d9", peers: [bob]) == "another device")
    }

    @Test("the sync settings come from --sync, else FORKED_EDIT_SYNC; a bad URL is one line")
    func settings() throws {
        #expect(try EditorSync.settings(url: nil, environment: [:]) == nil)
        #expect(try EditorSync.settings(url: nil, environment: ["FORKED_EDIT_SYNC": ""]) == nil)
        let fromEnvironment = try #require(try EditorSync.settings(url: nil, environment: ["FORKED_EDIT_SYNC": "postgres://ann@db.example:5433/notes"]))
        #expect(fromEnvironment.user == "ann")
        #expect(EditorSync.userName(settings: fromEnvironment, environment: ["USER": "annie"]) == "annie")
        #expect(EditorSync.userName(settings: fromEnvironment, environment: [:]) == "ann")
        #expect(throws: EditorSyncFailure.self) { try EditorSync.settings(url: "http://not-postgres", environment: [:]) }
    }
}
