import Forked
import ForkedPostgres
import Foundation
import Testing

/// What a device sees when the settings are wrong: one clear, final error, without the password.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct ConnectionFailureTests {
    @Test func aWrongPasswordIsRefusedForGoodAndNeverShown() async throws {
        try await withPostgresServer { server in
            let device = try Device(settings: server.settings(password: "not-the-password"), initialText: "x")
            defer { Task { await device.remove() } }
            device.exchange.start()
            let error = try #require(await device.stoppedError())
            guard case .authenticationFailed = error else { Issue.record("expected a refused login, got \(error)"); return }
            #expect(!error.description.contains("not-the-password"))
            #expect(device.text == "x")
        }
    }

    @Test func aMissingDatabaseIsNamed() async throws {
        try await withPostgresServer { server in
            let device = try Device(settings: server.settings(database: "no_such_db"))
            defer { Task { await device.remove() } }
            device.exchange.start()
            let error = try #require(await device.stoppedError())
            #expect(error == .databaseMissing(server: server.settings(database: "no_such_db").description, database: "no_such_db"))
        }
    }

    @Test func anUnreachableServerLeavesTheDeviceOfflineAndRetrying() async throws {
        try await withPostgresServer { server in
            try server.stopServer()
            let device = try Device(settings: server.settings(), initialText: "local")
            defer { Task { await device.remove() } }
            device.exchange.start()
            #expect(await eventually(timeout: .seconds(40)) {
                if case .offline = device.exchange.status.connection { return true } else { return false }
            })
            // The reason fits a status line: NIO's multi-line error with its addresses is not shown.
            if case .offline(_, let reason) = device.exchange.status.connection {
                #expect(reason.contains("connection refused"), "\(reason)")
                #expect(!reason.contains("NIOConnectionError") && !reason.contains("\n") && reason.count < 120, "\(reason)")
            }
            try device.edit { $0 += " edit" }
            #expect(device.text == "local edit")
            try server.startServer()
            #expect(await eventually { device.exchange.status.isConnected && device.exchange.status.uploads == 1 })
        }
    }

    @Test(.enabled(if: PostgresTestServer.canMakeCertificates, "openssl is not installed: the test server cannot offer TLS"))
    func tlsWithSSLModeRequireSyncsAndAnUnverifiableCertificateIsRefused() async throws {
        try await withPostgresServer { server in
            try #require(server.offersTLS, "openssl could not make a certificate for the test server")
            let secure = try Device(settings: server.settings(sslMode: .require), initialText: "over TLS\n")
            let plain = try Device(settings: server.settings())
            defer { Task { await secure.remove(); await plain.remove() } }
            secure.exchange.start()
            plain.exchange.start()
            #expect(await eventually { plain.text == "over TLS\n" })
            let encrypted = try server.psql("SELECT count(*) FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE ssl AND datname = 'forked'")
            #expect((Int(encrypted) ?? 0) >= 1, "no connection used TLS")

            // The test certificate is self-signed: verify-full must not accept it.
            let verifying = try Device(settings: server.settings(sslMode: .verifyFull))
            defer { Task { await verifying.remove() } }
            verifying.exchange.start()
            let error = try #require(await verifying.stoppedError())
            guard case .tlsFailed = error else { Issue.record("expected a TLS failure, got \(error)"); return }
            #expect(error.description.contains("certificate is not trusted"), "\(error)")
        }
    }

    @Test func sslModeRequireAgainstAServerWithoutTLSStopsWithAReasonInsteadOfRetrying() async throws {
        try await withPostgresServer { server in
            // The same server with TLS turned off.
            try server.stopServer()
            try? FileManager.default.removeItem(at: server.directory.appendingPathComponent("data/server.crt"))
            try server.startServer()
            let device = try Device(settings: server.settings(sslMode: .require), initialText: "kept\n")
            defer { Task { await device.remove() } }
            device.exchange.start()
            let error = try #require(await device.stoppedError())
            guard case .tlsFailed = error else { Issue.record("expected a TLS failure, got \(error)"); return }
            #expect(error.description.contains("does not offer TLS"), "\(error)")
            #expect(device.text == "kept\n")
        }
    }
}
