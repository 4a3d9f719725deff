import Foundation

/// Where and how to reach the PostgreSQL server that holds synced documents.
///
/// Built from a URL (`postgres://user:password@host:5432/database?sslmode=require`), from the
/// standard libpq environment variables (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`,
/// `PGDATABASE`, `PGSSLMODE`, `PGPASSFILE`), or both: what the URL leaves out comes from the
/// environment, and a password that neither gives is looked up in `~/.pgpass`, as `psql` does.
///
/// ```swift
/// let settings = try PostgresSettings(url: "postgres://ann@db.example.org/notes?sslmode=require")
/// print(settings)   // ann@db.example.org:5432/notes (sslmode=require) — never the password
/// ```
public struct PostgresSettings: Sendable, Equatable, CustomStringConvertible {
    /// How the connection uses TLS, with libpq's names.
    public enum SSLMode: String, Sendable, Equatable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it (libpq's `allow` and `prefer`).
        case prefer
        /// TLS or no connection; the certificate is not verified (libpq's `require`).
        case require
        /// TLS with a certificate verified against the system's trust roots, host name included.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address, or the directory of its Unix socket when it starts with `/`.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The role to log in as.
    public var user: String
    /// The password, when one is needed. Never shown in ``description``.
    public var password: String?
    /// The database holding the documents.
    public var database: String
    /// How TLS is used.
    public var sslMode: SSLMode
    /// What the user should know about how the settings were found, one line each, never the
    /// password: a password given in the URL (which every local user can read in `ps`), a
    /// password file ignored because others may read it. Not compared by `==`.
    public var warnings: [String] = []

    /// Creates settings from their parts.
    public init(
        host: String = "127.0.0.1", port: Int = 5432, user: String, password: String? = nil,
        database: String, sslMode: SSLMode = .prefer
    ) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.sslMode = sslMode
    }

    /// Reads settings from `url`, filling what it leaves out from `environment` and the
    /// password from the pgpass file, like libpq.
    ///
    /// - Parameters:
    ///   - url: A `postgres://` or `postgresql://` URL; `nil` to use the environment alone.
    ///   - environment: The variables to read (the process's own by default).
    ///   - homeDirectory: Where `.pgpass` is looked for when `PGPASSFILE` is not set: by
    ///     default `$HOME`, else the account's home directory, as libpq does.
    /// - Throws: ``PostgresSyncError/invalidSettings(_:)`` naming what is wrong, never the password.
    public init(
        url: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: URL? = nil
    ) throws {
        var parts = try url.map(Self.parse) ?? URLParts()
        let systemUser = environment["USER"] ?? environment["LOGNAME"] ?? NSUserName()
        parts.host = parts.host ?? environment["PGHOST"] ?? "127.0.0.1"
        parts.user = parts.user ?? environment["PGUSER"] ?? systemUser
        parts.database = parts.database ?? environment["PGDATABASE"] ?? parts.user
        if parts.port == nil, let text = environment["PGPORT"] {
            guard let port = Int(text), (1...65535).contains(port) else {
                throw PostgresSyncError.invalidSettings("PGPORT '\(text)' is not a port number")
            }
            parts.port = port
        }
        let modeName = parts.sslMode ?? environment["PGSSLMODE"] ?? "prefer"
        guard let mode = Self.sslMode(named: modeName) else {
            throw PostgresSyncError.invalidSettings(
                "sslmode '\(modeName)' is not one of disable, allow, prefer, require, verify-full"
            )
        }
        let port = parts.port ?? 5432
        let host = parts.host ?? "127.0.0.1"
        let user = parts.user ?? systemUser
        let database = parts.database ?? user
        var password = parts.password ?? environment["PGPASSWORD"]
        var warnings: [String] = []
        if parts.password != nil {
            warnings.append(
                "the password in the sync URL can be read by every user of this machine (ps shows it); "
                    + "set PGPASSWORD or put it in ~/.pgpass (mode 0600) instead"
            )
        }
        if password == nil {
            let home = homeDirectory
                ?? environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            let file = environment["PGPASSFILE"].map { URL(fileURLWithPath: $0) } ?? home.appendingPathComponent(".pgpass")
            switch PasswordFile.open(file) {
            case .read(let passwords):
                password = passwords.password(host: host, port: port, database: database, user: user)
            case .ignored(let reason):
                warnings.append(reason)
            case .missing:
                break
            }
        }
        self.init(host: host, port: port, user: user, password: password, database: database, sslMode: mode)
        self.warnings = warnings
    }

    /// Equal when they name the same connection; ``warnings`` are not compared.
    public static func == (lhs: PostgresSettings, rhs: PostgresSettings) -> Bool {
        (lhs.host, lhs.port, lhs.user, lhs.password, lhs.database, lhs.sslMode) == (rhs.host, rhs.port, rhs.user, rhs.password, rhs.database, rhs.sslMode)
    }

    /// `user@host:port/database` and the TLS mode: enough to tell which server is meant, and
    /// never the password.
    public var description: String {
        "\(user)@\(host):\(port)/\(database) (sslmode=\(sslMode.rawValue))"
    }

    // MARK: Parsing

    private struct URLParts {
        var host: String?
        var port: Int?
        var user: String?
        var password: String?
        var database: String?
        var sslMode: String?
    }

    private static func sslMode(named name: String) -> SSLMode? {
        switch name {
        case "allow", "prefer": .prefer
        case "verify-ca": .verifyFull
        default: SSLMode(rawValue: name)
        }
    }

    /// Splits a URL by hand rather than through `URLComponents`, so that an error can name the
    /// part that is wrong without repeating the URL, which may hold a password.
    private static func parse(_ url: String) throws -> URLParts {
        let schemes = ["postgres://", "postgresql://"]
        guard let scheme = schemes.first(where: { url.hasPrefix($0) }) else {
            throw PostgresSyncError.invalidSettings("a sync URL starts with postgres:// or postgresql://")
        }
        var rest = Substring(url.dropFirst(scheme.count))
        var parts = URLParts()
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard keyValue.count == 2, let value = keyValue[1].removingPercentEncoding else {
                    throw PostgresSyncError.invalidSettings("the URL's query part is not key=value pairs")
                }
                switch keyValue[0] {
                case "sslmode": parts.sslMode = value
                case "host": parts.host = value
                case "port": parts.port = try port(value)
                case "user": parts.user = value
                case "password": parts.password = value
                case "dbname": parts.database = value
                default: throw PostgresSyncError.invalidSettings("unknown URL parameter '\(keyValue[0])'")
                }
            }
            rest = rest[..<question]
        }
        if let slash = rest.firstIndex(of: "/") {
            let name = String(rest[rest.index(after: slash)...])
            if !name.isEmpty {
                guard let decoded = name.removingPercentEncoding else {
                    throw PostgresSyncError.invalidSettings("the URL's database name is not valid percent-encoding")
                }
                parts.database = parts.database ?? decoded
            }
            rest = rest[..<slash]
        }
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            let userAndPassword = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let user = userAndPassword[0].removingPercentEncoding,
                  let password = userAndPassword.count > 1 ? userAndPassword[1].removingPercentEncoding : ""
            else { throw PostgresSyncError.invalidSettings("the URL's user or password is not valid percent-encoding") }
            if !user.isEmpty { parts.user = parts.user ?? user }
            if userAndPassword.count > 1 { parts.password = parts.password ?? password }
            rest = rest[rest.index(after: at)...]
        }
        var hostPart = rest
        if hostPart.hasPrefix("["), let close = hostPart.firstIndex(of: "]") {
            parts.host = parts.host ?? String(hostPart[hostPart.index(after: hostPart.startIndex)..<close])
            hostPart = hostPart[hostPart.index(after: close)...]
            if hostPart.hasPrefix(":") { parts.port = try parts.port ?? port(String(hostPart.dropFirst())) }
        } else {
            let hostAndPort = hostPart.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            if let name = hostAndPort[0].removingPercentEncoding, !name.isEmpty { parts.host = parts.host ?? name }
            if hostAndPort.count > 1 { parts.port = try parts.port ?? port(String(hostAndPort[1])) }
        }
        return parts
    }

    private static func port(_ text: String) throws -> Int {
        guard let port = Int(text), (1...65535).contains(port) else {
            throw PostgresSyncError.invalidSettings("the URL's port '\(text)' is not a port number")
        }
        return port
    }
}
