import Testing
@testable import ForkedEditCore

@Suite("KeyMap")
struct KeyMapTests {
    @Test("keys map to the documented actions")
    func bindings() {
        #expect(KeyMap.action(for: .text("x")) == .insert("x"))
        #expect(KeyMap.action(for: .enter) == .insert("\n"))
        #expect(KeyMap.action(for: .tab) == .switchPane)
        #expect(KeyMap.action(for: .function(5)) == .merge)
        #expect(KeyMap.action(for: .control("g")) == .merge)
        #expect(KeyMap.action(for: .function(2)) == .toggleLowerView)
        #expect(KeyMap.action(for: .function(1)) == .toggleHelp)
        #expect(KeyMap.action(for: .control("z")) == .undo)
        #expect(KeyMap.action(for: .control("s")) == .save)
        #expect(KeyMap.action(for: .control("q")) == .quit)
        #expect(KeyMap.action(for: .pageDown) == .move(.pageDown))
        #expect(KeyMap.action(for: .control("x")) == nil)
        #expect(KeyMap.action(for: .function(9)) == nil)
    }
}
