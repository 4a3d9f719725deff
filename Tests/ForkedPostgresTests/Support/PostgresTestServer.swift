import Foundation
import ForkedPostgres
import Glibc
import SystemPackage

/// A throwaway PostgreSQL cluster for one test: `initdb` in a temporary directory, `pg_ctl start`
/// on 127.0.0.1 and a free port, stopped and removed by ``withPostgresServer(_:)``.
///
/// PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user. TCP logins
/// need the password ``password`` (scram), so that tests can also see a wrong one refused.
final class PostgresTestServer: Sendable {
    /// Why tests that need a server cannot run here, or `nil` when they can.
    static let unavailableReason: String? = {
        guard binDirectory != nil else {
            return "PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin: install the postgresql package"
        }
        if getuid() == 0, getpwnam("postgres") == nil {
            return "running as root and there is no 'postgres' user to run the server as"
        }
        return nil
    }()

    static let isAvailable = unavailableReason == nil
    /// Whether a certificate can be made for the server to offer TLS (openssl is installed).
    static let canMakeCertificates = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
    static let password = "test-password"
    static let database = "forked"

    let directory: URL
    let port: Int

    private init(directory: URL, port: Int) {
        self.directory = directory
        self.port = port
    }

    /// Settings for this server, as a device would have them.
    func settings(
        user: String = "postgres", password: String? = PostgresTestServer.password, database: String = PostgresTestServer.database,
        sslMode: PostgresSettings.SSLMode = .disable
    ) -> PostgresSettings {
        PostgresSettings(host: "127.0.0.1", port: port, user: user, password: password, database: database, sslMode: sslMode)
    }

    /// The URL of this server, as a user would type it.
    var url: String { "postgres://postgres:\(Self.password)@127.0.0.1:\(port)/\(Self.database)?sslmode=disable" }

    // MARK: Life cycle

    static func start() throws -> PostgresTestServer {
        guard let bin = binDirectory else { throw HarnessError(unavailableReason ?? "no PostgreSQL") }
        let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("forked-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o777)
        let passwordFile = directory.appendingPathComponent("pwfile")
        try Data(password.utf8).write(to: passwordFile)
        chmod(passwordFile.path, 0o644)
        try runAsServerUser(bin + "/initdb", [
            "-U", "postgres", "--auth-local=trust", "--auth-host=scram-sha-256", "--pwfile=\(passwordFile.path)",
            "-D", directory.appendingPathComponent("data").path,
        ])
        // A self-signed certificate, so that TLS (sslmode=require) is tested against a real server.
        let data = directory.appendingPathComponent("data").path
        _ = try? runAsServerUser("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=forked-test",
            "-keyout", data + "/server.key", "-out", data + "/server.crt",
        ])
        _ = try? runAsServerUser("/bin/chmod", ["600", data + "/server.key"])
        // A free port can be taken by a server another test starts at the same time: try a few.
        var attempt = 0
        while true {
            attempt += 1
            let server = PostgresTestServer(directory: directory, port: try freePort())
            do {
                try server.startServer()
                try runAsServerUser(bin + "/createdb", ["-h", directory.path, "-p", "\(server.port)", "-U", "postgres", database])
                return server
            } catch {
                // pg_ctl may have started the server even when it reports failure: stop it in every path.
                try? server.stopServer()
                if attempt >= 3 {
                    try? FileManager.default.removeItem(at: directory)
                    throw error
                }
            }
        }
    }

    /// Starts the stopped server again on the same port.
    func startServer() throws {
        guard let bin = Self.binDirectory else { return }
        try Self.runAsServerUser(bin + "/pg_ctl", [
            "-w", "-D", directory.appendingPathComponent("data").path, "-l", directory.appendingPathComponent("log").path,
            "-o", "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory.path) -c fsync=off -c max_connections=200"
                + (offersTLS ? " -c ssl=on" : ""),
            "start",
        ])
    }

    /// Whether the server offers TLS (a certificate could be made with openssl).
    var offersTLS: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/server.crt").path)
    }

    /// Stops the server at once, as a crash or a power cut would.
    func stopServer() throws {
        guard let bin = Self.binDirectory else { return }
        try Self.runAsServerUser(bin + "/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-m", "immediate", "stop"])
    }

    /// Runs `sql` with psql over the Unix socket (trusted), for faults and inspection; as
    /// `role` when given (a login of a test's own, without the superuser's rights).
    @discardableResult
    func psql(_ sql: String, database: String = PostgresTestServer.database, as role: String = "postgres") throws -> String {
        try psql(commands: [sql], database: database, as: role)
    }

    /// Runs each of `commands` in its own transaction, in one session (a `LISTEN` then a wait,
    /// to hear what is announced meanwhile).
    @discardableResult
    func psql(commands: [String], database: String = PostgresTestServer.database, as role: String = "postgres") throws -> String {
        guard let bin = Self.binDirectory else { throw HarnessError("no PostgreSQL") }
        return try Self.runAsServerUser(bin + "/psql", [
            "-h", directory.path, "-p", "\(port)", "-U", role, "-d", database, "-At", "-v", "ON_ERROR_STOP=1",
        ] + commands.flatMap { ["-c", $0] })
    }

    /// Ends every other backend on the test database, the exchanges' listening connections among them.
    func terminateBackends() throws {
        try psql("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(Self.database)' AND pid <> pg_backend_pid()")
    }

    func remove() {
        try? stopServer()
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: Helpers

    private static let binDirectory: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
            .map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }()

    @discardableResult
    private static func runAsServerUser(_ executable: String, _ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        let (status, text) = getuid() == 0
            ? try runToEnd("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments, environment: environment)
            : try runToEnd(executable, arguments, environment: environment)
        guard status == 0 else {
            throw HarnessError("\((executable as NSString).lastPathComponent) failed (\(status)): \(text)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A port nothing listens on: bound to port 0 and released.
    private static func freePort() throws -> Int {
        let raw = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard raw >= 0 else { throw HarnessError("socket() failed") }
        let socketDescriptor = FileDescriptor(rawValue: raw)
        defer { try? socketDescriptor.close() }
        let descriptor = socketDescriptor.rawValue
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw HarnessError("could not bind a port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` with a fresh server, and stops and removes the server whatever happens.
func withPostgresServer<Result>(_ body: (PostgresTestServer) async throws -> Result) async throws -> Result {
    let server = try PostgresTestServer.start()
    do {
        let result = try await body(server)
        server.remove()
        return result
    } catch {
        server.remove()
        throw error
    }
}
