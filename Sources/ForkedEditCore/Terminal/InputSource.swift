/// Where an editor's input comes from: a terminal, or a recording played back. One loop
/// (``EditorApp``) serves both.
public protocol InputSource: AnyObject {
    /// The next event, or `nil` when none came within `timeoutMilliseconds` (-1: wait as long
    /// as it takes).
    func nextEvent(timeoutMilliseconds: Int) throws -> InputEvent?
    /// Whether no event will come any more (a recording played to its end, or stopped).
    var isExhausted: Bool { get }
}

extension InputSource {
    /// A live source never runs out.
    public var isExhausted: Bool { false }
}
