import Forked
import ForkedPostgres
import Foundation
import Testing

/// What a device sees when the settings are wrong: one clear, final error, without the password.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct ConnectionFailureTests {
    private func stoppedError(_ device: Device) async -> PostgresSyncError? {
        // Generous: under load (the multi-process tests run alongside) a refused login can take a few retries to be seen.
        _ = await eventually(timeout: .seconds(40)) {
            if case .stopped = device.exchange.status.connection { return true } else { return false }
        }
        if case .stopped(let error) = device.exchange.status.connection { return error }
        return nil
    }

    @Test func aWrongPasswordIsRefusedForGoodAndNeverShown() async throws {
        try await withPostgresServer { server in
            let device = try Device(settings: server.settings(password: "not-the-password"), initialText: "x")
            defer { Task { await device.remove() } }
            device.exchange.start()
            let error = try #require(await stoppedError(device))
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
            let error = try #require(await stoppedError(device))
            #expect(error == .databaseMissing(server: server.settings(database: "no_such_db").description, database: "no_such_db"))
        }
    }

    @Test func anUnreachableServerLeavesTheDeviceOfflineAndRetrying() async throws {
        try await withPostgresServer { server in
            try server.stopServer()
            let device = try Device(settings: server.settings(), initialText: "local")
            defer { Task { await device.remove() } }
            device.exchange.start()
            #expect(await eventually {
                if case .offline = device.exchange.status.connection { return true } else { return false }
            })
            try device.edit { $0 += " edit" }
            #expect(device.text == "local edit")
            try server.startServer()
            #expect(await eventually { device.exchange.status.isConnected && device.exchange.status.uploads == 1 })
        }
    }
}
