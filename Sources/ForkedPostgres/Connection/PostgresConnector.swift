import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Synchronization

/// Opens connections for ``PostgresSettings`` and turns connection failures into
/// ``PostgresSyncError``s that say what is wrong without the password.
struct PostgresConnector: Sendable {
    let settings: PostgresSettings
    let connectTimeout: Duration
    let logger: Logger
    /// The event loop connections are made on; `nil`: postgres-nio's default.
    var eventLoop: (any EventLoop)?

    /// A new connection, authenticated and ready for queries.
    func connect() async throws -> PostgresConnection {
        let configuration = try makeConfiguration()
        do {
            return try await PostgresConnection.connect(
                on: eventLoop ?? PostgresConnection.defaultEventLoopGroup.any(), configuration: configuration, id: Self.nextID(), logger: logger
            )
        } catch {
            throw classify(error)
        }
    }

    /// Runs `body` on a new connection and closes the connection, whether `body` returns or throws.
    func withConnection<Result>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        let connection = try await connect()
        do {
            let result = try await body(connection)
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Maps a connection or query error to what it means for the exchange: a login, database,
    /// table or rights problem is final, anything else is the network and is retried.
    func classify(_ error: any Error) -> PostgresSyncError {
        // postgres-nio wraps what failed inside a transaction.
        if let transaction = error as? PostgresTransactionError {
            return classify(transaction.closureError ?? transaction.commitError ?? transaction.beginError ?? PostgresSyncError.unreachable(
                server: settings.description, detail: "a transaction failed"
            ))
        }
        if let error = error as? PostgresSyncError { return error }
        let server = settings.description
        guard let error = error as? PSQLError else {
            return .unreachable(server: server, detail: NetworkFailureWording.describe(error))
        }
        if error.code == .server, let state = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? state
            switch state {
            case "28P01", "28000": return .authenticationFailed(server: server, detail: message)
            case "3D000": return .databaseMissing(server: server, database: settings.database)
            // undefined table, column, function or object: the migrations recorded in
            // forked_schema say they exist, so someone removed or changed them.
            case "42P01", "42703", "42883", "42704": return .schemaDamaged(server: server, detail: message)
            case "42501":
                // Row-level security (``ServerAccess``): the document is not this login's to change.
                return message.contains("row-level security")
                    ? .noAccess(server: server, detail: "the document (\(message))")
                    : .permissionDenied(server: server, detail: message)
            default: return .unreachable(server: server, detail: "\(message) (SQLSTATE \(state))")
            }
        }
        switch error.code {
        case .authMechanismRequiresPassword:
            return .authenticationFailed(server: server, detail: "the server asks for a password and none was given")
        case .unsupportedAuthMechanism, .saslError:
            return .authenticationFailed(server: server, detail: "authentication failed (\(error.code))")
        case .sslUnsupported:
            // Retrying cannot help: the server's configuration or the URL has to change.
            return .tlsFailed(
                server: server,
                detail: "the server does not offer TLS, which sslmode=\(settings.sslMode.rawValue) asks for "
                    + "(use sslmode=prefer or disable, or turn on ssl on the server)"
            )
        case .connectionError:
            if let tls = error.underlying as? NIOSSLError {
                let detail = "\(tls)".contains("CERTIFICATE_VERIFY_FAILED")
                    ? "the server's certificate is not trusted (verify-full checks it against the system's roots and the host name; "
                        + "sslmode=require encrypts without checking)"
                    : "the TLS handshake failed (\(tls))"
                return .tlsFailed(server: server, detail: detail)
            }
            return .unreachable(server: server, detail: error.underlying.map(NetworkFailureWording.describe) ?? "connection failed")
        default:
            return .unreachable(server: server, detail: "\(error.code)")
        }
    }

    private func makeConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if settings.host.hasPrefix("/") {
            let socket = settings.host + "/.s.PGSQL.\(settings.port)"
            configuration = .init(
                unixSocketPath: socket, username: settings.user, password: settings.password, database: settings.database
            )
        } else {
            configuration = .init(
                host: settings.host, port: settings.port, username: settings.user, password: settings.password,
                database: settings.database, tls: try tls()
            )
        }
        configuration.options.connectTimeout = .nanoseconds(
            connectTimeout.components.seconds * 1_000_000_000 + connectTimeout.components.attoseconds / 1_000_000_000
        )
        return configuration
    }

    private func tls() throws -> PostgresConnection.Configuration.TLS {
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        switch settings.sslMode {
        case .disable:
            return .disable
        case .prefer, .require:
            // libpq's prefer and require encrypt without checking who answers.
            tlsConfiguration.certificateVerification = .none
        case .verifyFull:
            tlsConfiguration.certificateVerification = .fullVerification
        }
        do {
            let context = try NIOSSLContext(configuration: tlsConfiguration)
            return settings.sslMode == .prefer ? .prefer(context) : .require(context)
        } catch {
            throw PostgresSyncError.invalidSettings("TLS could not be set up: \(error)")
        }
    }

    private static let ids = Synchronization.Atomic<Int>(0)

    private static func nextID() -> Int {
        ids.add(1, ordering: .relaxed).newValue
    }
}
