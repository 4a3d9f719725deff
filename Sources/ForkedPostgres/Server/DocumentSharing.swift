import Logging
import PostgresNIO

/// What a login may do with a document on the server (``ServerAccess``).
public enum DocumentAccess: String, Sendable, Equatable, CaseIterable {
    /// It published the document first: it reads, writes and shares it.
    case owner
    /// The owner shared it read-write.
    case readWrite = "read-write"
    /// The owner shared it read-only: its devices receive, and publish nothing.
    case readOnly = "read-only"
    /// A superuser or the sync tables' owner, whom the policies do not hold.
    case administrator
    /// The document is not there, and this login may publish it (its name starts with the login's).
    case new
    /// Not shared with this login, or a name under another owner's: nothing can be read or written.
    case none

    /// Whether a device of this login publishes its changes.
    public var mayWrite: Bool { self != .readOnly && self != .none }
}

/// One role a document is shared with, or its owner.
public struct DocumentMember: Sendable, Equatable, CustomStringConvertible {
    /// The PostgreSQL role (a login, or a group role whose members all share it).
    public let role: String
    /// ``DocumentAccess/owner``, ``DocumentAccess/readWrite`` or ``DocumentAccess/readOnly``.
    public let access: DocumentAccess

    public init(role: String, access: DocumentAccess) {
        self.role = role
        self.access = access
    }

    public var description: String { "\(role) \(access.rawValue)" }
}

/// Sharing a document on the server with other roles, as its owner, and listing who has it:
/// `forked-edit share` and `forked-edit members`.
///
/// ```swift
/// let sharing = DocumentSharing(settings: try PostgresSettings(url: "postgres://alice@db.example/team"),
///                               document: "alice/plan.txt")
/// try await sharing.share(with: "bob", readOnly: false)
/// print(try await sharing.members())   // [alice owner, bob read-write]
/// ```
///
/// The server enforces every rule: only the owner changes the members, and a role that is not
/// one learns nothing of the document (``PostgresSyncError/noAccess(server:detail:)``).
public struct DocumentSharing: Sendable {
    /// The server and login.
    public let settings: PostgresSettings
    /// The document's name on the server.
    public let document: String
    /// How long connecting may take before the server counts as unreachable.
    public let connectTimeout: Duration
    private let logger = Logger(label: "forked.postgres.sharing", factory: { _ in SwiftLogNoOpLogHandler() })

    public init(settings: PostgresSettings, document: String, connectTimeout: Duration = .seconds(10)) {
        self.settings = settings
        self.document = document
        self.connectTimeout = connectTimeout
    }

    /// What this login may do with the document.
    public func access() async throws -> DocumentAccess {
        try await withConnection { connection in try await access(on: connection) }
    }

    /// Shares the document with `role` (or changes how: read-only or read-write).
    ///
    /// - Throws: ``PostgresSyncError/noAccess(server:detail:)`` when this login is not the owner;
    ///   ``PostgresSyncError/cannotShare(_:)`` when there is no such role, it is the owner, or the
    ///   document is not published yet.
    public func share(with role: String, readOnly: Bool) async throws {
        try await withConnection { connection in
            try await requireOwner(on: connection)
            guard try await roleExists(role, on: connection) else {
                throw PostgresSyncError.cannotShare("there is no role '\(role)' on \(settings.description)")
            }
            if try await owner(on: connection) == role {
                throw PostgresSyncError.cannotShare("'\(role)' owns '\(document)' already")
            }
            try await connection.query(
                """
                INSERT INTO forked_members (document, member, can_write) VALUES (\(document), \(role), \(!readOnly))
                ON CONFLICT (document, member) DO UPDATE SET can_write = excluded.can_write
                """,
                logger: logger
            )
        }
    }

    /// Stops sharing the document with `role`: its devices can no longer read or write it.
    ///
    /// - Returns: whether `role` was a member.
    @discardableResult
    public func revoke(_ role: String) async throws -> Bool {
        try await withConnection { connection in
            try await requireOwner(on: connection)
            let removed = try await connection.query(
                "DELETE FROM forked_members WHERE document = \(document) AND member = \(role) RETURNING member", logger: logger
            ).collect()
            return !removed.isEmpty
        }
    }

    /// The owner first, then every member by name.
    ///
    /// - Throws: ``PostgresSyncError/noAccess(server:detail:)`` when the document is not shared
    ///   with this login (or is not there: the two are not told apart, but for a name this
    ///   login may publish, which is said to be not published yet).
    public func members() async throws -> [DocumentMember] {
        try await withConnection { connection in
            guard let owner = try await owner(on: connection) else {
                throw try await access(on: connection) == .new ? notYetPublished() : noAccess("'\(document)'")
            }
            var members = [DocumentMember(role: owner, access: .owner)]
            let rows = try await connection.query(
                "SELECT member, can_write FROM forked_members WHERE document = \(document) ORDER BY member", logger: logger
            )
            for try await (role, canWrite) in rows.decode((String, Bool).self) {
                members.append(DocumentMember(role: role, access: canWrite ? .readWrite : .readOnly))
            }
            return members
        }
    }

    // MARK: Queries

    /// What this login may do with the document, on an open connection.
    func access(on connection: PostgresConnection) async throws -> DocumentAccess {
        for try await answer in try await connection.query("SELECT forked_document_access(\(document))", logger: logger).decode(String.self) {
            guard let access = DocumentAccess(rawValue: answer) else {
                throw PostgresSyncError.schemaDamaged(server: settings.description, detail: "forked_document_access answered '\(answer)'")
            }
            return access
        }
        throw PostgresSyncError.schemaDamaged(server: settings.description, detail: "forked_document_access gave no answer")
    }

    private func requireOwner(on connection: PostgresConnection) async throws {
        switch try await access(on: connection) {
        case .owner, .administrator: return
        case .readWrite, .readOnly:
            let owner = try await owner(on: connection) ?? "its owner"
            throw noAccess("sharing '\(document)': only \(owner), its owner, can change who has it")
        case .new: throw notYetPublished()
        case .none: throw noAccess("'\(document)'")
        }
    }

    /// For a document this login may publish but has not: sharing and members wait for it.
    private func notYetPublished() -> PostgresSyncError {
        .cannotShare("'\(document)' is not on \(settings.description) yet: it is published at its first sync (forked-edit FILE --sync URL)")
    }

    private func owner(on connection: PostgresConnection) async throws -> String? {
        for try await owner in try await connection.query(
            "SELECT owner FROM forked_documents WHERE name = \(document)", logger: logger
        ).decode(String.self) {
            return owner
        }
        return nil
    }

    private func roleExists(_ role: String, on connection: PostgresConnection) async throws -> Bool {
        try await !connection.query("SELECT 1 FROM pg_roles WHERE rolname = \(role)", logger: logger).collect().isEmpty
    }

    private func noAccess(_ detail: String) -> PostgresSyncError {
        .noAccess(server: settings.description, detail: detail)
    }

    private func withConnection<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        let connector = PostgresConnector(settings: settings, connectTimeout: connectTimeout, logger: logger)
        do {
            return try await connector.withConnection { connection in
                try await ServerSchema.migrate(connection, server: settings.description, logger: logger)
                return try await body(connection)
            }
        } catch {
            throw connector.classify(error)
        }
    }
}
