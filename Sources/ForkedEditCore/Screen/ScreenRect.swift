/// A rectangle of screen cells.
public struct ScreenRect: Hashable, Sendable {
    /// Top row.
    public var row: Int
    /// Left column.
    public var column: Int
    /// Width in columns.
    public var width: Int
    /// Height in rows.
    public var height: Int

    /// Creates a rectangle.
    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Whether the cell at `row`, `column` lies inside.
    public func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < self.row + height && column >= self.column && column < self.column + width
    }
}
