import Foundation
@testable import ForkedPostgres
import Testing

/// The presence a device holds stays within its bounds, whatever peers send: no server, no
/// waiting, made-up instants.
@Suite("PeerTable")
struct PeerTableTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("at most the limit is held, the longest-silent going first; the newest of each device counts")
    func limit() {
        var table = PeerTable()
        for index in 0..<1_000 {
            table.hear("0 \(index) eve", from: "fake-\(index % 300)", at: start.addingTimeInterval(Double(index)), lifetime: 10_000, limit: 50)
            #expect(table.count <= 50)
        }
        let current = table.current(at: start.addingTimeInterval(1_000), lifetime: 10_000)
        #expect(current.count == 50)
        #expect(current.first?.device == "fake-99" && current.first?.value == "0 999 eve")
        #expect(Set(current.map(\.device)) == Set((950..<1_000).map { "fake-\($0 % 300)" }))
    }

    @Test("notes past their lifetime are not listed, and are dropped once the table is full")
    func lifetime() {
        var table = PeerTable()
        table.hear("1 1 ann", from: "ann", at: start, lifetime: 30, limit: 2)
        table.hear("", from: "quiet", at: start.addingTimeInterval(10), lifetime: 30, limit: 2)
        #expect(table.current(at: start.addingTimeInterval(20), lifetime: 30).map(\.device) == ["ann"], "an empty value is a withdrawal")
        #expect(table.current(at: start.addingTimeInterval(31), lifetime: 30).isEmpty)
        table.hear("2 2 bob", from: "bob", at: start.addingTimeInterval(40), lifetime: 30, limit: 2)
        #expect(table.count == 2, "ann, silent past the lifetime, went when the table overflowed")
        #expect(table.current(at: start.addingTimeInterval(41), lifetime: 30).map(\.device) == ["bob"])
    }
}
