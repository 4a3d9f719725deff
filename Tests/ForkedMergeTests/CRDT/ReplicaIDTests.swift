import Foundation
import ForkedMerge
import Testing

@Suite("ReplicaID and LamportTimestamp")
struct ReplicaIDTests {
    @Test("random identifiers are version-4 UUID strings and differ")
    func randomIdentifiers() {
        let ids = (0..<50).map { _ in ReplicaID() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let groups = id.rawValue.split(separator: "-").map(\.count)
            #expect(groups == [8, 4, 4, 4, 12])
            #expect(id.rawValue.allSatisfy { $0 == "-" || $0.isHexDigit })
            #expect(Array(id.rawValue)[14] == "4")
        }
    }

    @Test("identifiers encode as a plain string and round-trip")
    func codable() throws {
        let id = ReplicaID("laptop")
        let data = try JSONEncoder().encode(id)
        #expect(String(decoding: data, as: UTF8.self) == "\"laptop\"")
        #expect(try JSONDecoder().decode(ReplicaID.self, from: data) == id)
    }

    @Test("time stamps order by counter, then by wall time, then by replica")
    func timestampOrder() throws {
        let early = LamportTimestamp(counter: 1, wallTime: 900, replica: ReplicaID("z"))
        let later = LamportTimestamp(counter: 2, wallTime: 100, replica: ReplicaID("a"))
        let tieLow = LamportTimestamp(counter: 2, wallTime: 100, replica: ReplicaID("b"))
        let writtenAfter = LamportTimestamp(counter: 2, wallTime: 200, replica: ReplicaID("a"))
        #expect(early < later, "causality before wall time")
        #expect(later < tieLow)
        #expect(!(tieLow < later))
        #expect(tieLow < writtenAfter, "wall time before replica")
        #expect(later.description == "2@a")
        let old = try JSONDecoder().decode(LamportTimestamp.self, from: Data(#"{"counter":3,"replica":"x"}"#.utf8))
        #expect(old == LamportTimestamp(counter: 3, replica: ReplicaID("x")), "stamps written before wall times decode with 0")
        #expect(try JSONDecoder().decode(LamportTimestamp.self, from: JSONEncoder().encode(writtenAfter)) == writtenAfter)
    }
}
