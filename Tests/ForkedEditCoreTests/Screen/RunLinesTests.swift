import Testing
@testable import ForkedEditCore

@Suite("RunLines")
struct RunLinesTests {
    @Test("runs are cut into visible lines keeping their origins")
    func cutting() {
        let runs = [
            OriginRun(text: "ab\ncd", origin: .unchanged),
            OriginRun(text: "X\nY", origin: .leftFork),
            OriginRun(text: "z\n\nlast", origin: .rightFork),
        ]
        let lines = RunLines.lines(of: runs, from: 1, count: 3)
        #expect(lines.count == 3)
        #expect(lines[0].map { String($0.text) } == ["cd", "X"])
        #expect(lines[0].map(\.origin) == [.unchanged, .leftFork])
        #expect(lines[1].map { String($0.text) } == ["Y", "z"])
        #expect(lines[2].isEmpty)
        #expect(RunLines.lines(of: runs, from: 4, count: 3)[0].map { String($0.text) } == ["last"])
    }
}
