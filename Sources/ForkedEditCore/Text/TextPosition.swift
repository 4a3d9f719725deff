/// A place in a ``TextBuffer``: a line and a grapheme-cluster index within it.
///
/// Columns count user-perceived characters, so a cursor never lands inside a combining
/// sequence or an emoji; display columns are computed separately by ``TextBuffer``.
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Zero-based line number.
    public var line: Int
    /// Zero-based grapheme-cluster index within the line.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The first position of any text.
    public static let start = TextPosition(line: 0, column: 0)

    /// Orders positions by line, then column.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, both one-based as editors show them.
    public var description: String { "\(line + 1):\(column + 1)" }
}
