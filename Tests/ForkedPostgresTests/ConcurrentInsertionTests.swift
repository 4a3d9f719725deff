import Forked
import ForkedPostgres
import Foundation
import Testing

/// Two devices in one process inserting lines at random places of one document at once: the
/// in-process form of the multi-process agents, fast enough to run every time.
@Suite(.enabled(if: PostgresTestServer.isAvailable, Comment(rawValue: PostgresTestServer.unavailableReason ?? "")))
struct ConcurrentInsertionTests {
    /// How a device makes its edits.
    private enum EditStyle {
        /// In a fork of its own, merged into main (``Device/edit(_:)``).
        case inFork
        /// With `modify` on main (``Device/editInPlace(_:)``).
        case inPlace
        /// Reading main and writing over it (``Device/editOverwritingMain(_:)``), which loses merges.
        case overwritingMain
    }

    /// Inserts `d<device>-<k>` lines at random places, both devices at once, then waits for convergence.
    private func insertConcurrently(
        editsEach: Int, server: PostgresTestServer, style: EditStyle = .inFork
    ) async throws -> (devices: [Device], expected: Set<String>) {
        // Neither device has a value and neither waits for the other: their first values are
        // unrelated and must be salvaged two-way (``Note`` keeps both).
        let devices = try [Device(settings: server.settings()), Device(settings: server.settings())]
        for device in devices { device.exchange.start() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (number, device) in devices.enumerated() {
                group.addTask {
                    for index in 0..<editsEach {
                        // One place per edit, so that a change run again inserts where it meant to.
                        let place = Double.random(in: 0..<1)
                        let insert: (inout String) -> Void = { text in
                            var lines = text.split(separator: "\n").map(String.init)
                            lines.insert("d\(number)-\(index)", at: min(lines.count, Int(place * Double(lines.count + 1))))
                            text = lines.map { $0 + "\n" }.joined()
                        }
                        switch style {
                        case .inFork: try device.edit(insert)
                        case .inPlace: try device.editInPlace(insert)
                        case .overwritingMain: try device.editOverwritingMain(insert)
                        }
                        try await Task.sleep(for: .milliseconds(2))
                    }
                }
            }
            try await group.waitForAll()
        }
        let expected = Set((0..<devices.count).flatMap { device in (0..<editsEach).map { "d\(device)-\($0)" } })
        return (devices, expected)
    }

    @Test func twoDevicesInsertingAtRandomPlacesAtOnceLoseNothing() async throws {
        try await expectNothingLost(style: .inFork)
    }

    @Test func twoDevicesChangingMainInPlaceAtOnceLoseNothing() async throws {
        try await expectNothingLost(style: .inPlace)
    }

    /// Both devices insert 60 lines each, editing in `style`; every device must end with all 120 once.
    private func expectNothingLost(style: EditStyle) async throws {
        try await withPostgresServer { server in
            let (devices, expected) = try await insertConcurrently(editsEach: 60, server: server, style: style)
            defer { Task { for device in devices { await device.remove() } } }
            #expect(await eventually(timeout: .seconds(40)) { converged(devices) })
            for device in devices {
                let lines = try #require(device.text).split(separator: "\n").map(String.init)
                #expect(lines.count == expected.count)
                #expect(Set(lines) == expected)
            }
        }
    }

    @Test(.disabled("diagnostic, expected to fail: editing by reading main and writing the result over it races with the exchange's merges into main and loses lines (115 of 120 on a run); the agents lost lines this way"))
    func editsWrittenOverMainLoseMergedLines() async throws {
        try await withPostgresServer { server in
            let (devices, expected) = try await insertConcurrently(editsEach: 60, server: server, style: .overwritingMain)
            defer { Task { for device in devices { await device.remove() } } }
            #expect(await eventually(timeout: .seconds(40)) { converged(devices) })
            for device in devices {
                let lines = try #require(device.text).split(separator: "\n").map(String.init)
                #expect(Set(lines) == expected)
            }
        }
    }
}
