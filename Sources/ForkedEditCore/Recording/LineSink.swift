/// Somewhere lines of a recording go: a file in the executable, memory in tests.
public protocol LineSink: AnyObject {
    /// Appends one line; `line` has no line break, the sink adds it.
    func writeLine(_ line: String) throws
}

/// A ``LineSink`` that keeps lines in memory.
public final class InMemoryLineSink: LineSink {
    /// The lines written so far.
    public private(set) var lines: [String] = []

    /// Creates an empty sink.
    public init() {}

    /// Keeps `line`.
    public func writeLine(_ line: String) throws {
        lines.append(line)
    }

    /// All lines, each followed by a line break, as a file would hold them.
    public var text: String { lines.map { $0 + "\n" }.joined() }
}
