/// Writes an asciicast v2 recording (a JSON header line, then `[seconds, "o", output]`
/// events) from successive screens, so a session can be played back with asciinema.
public final class AsciicastWriter {
    private let sink: any LineSink
    private var encoder = AnsiScreenEncoder()
    private var size: (columns: Int, rows: Int)

    /// Starts a cast of a terminal of the given size by writing its header.
    public init(columns: Int, rows: Int, title: String? = nil, sink: any LineSink) throws {
        self.sink = sink
        size = (columns, rows)
        var header = "{\"version\": 2, \"width\": \(columns), \"height\": \(rows)"
        if let title { header += ", \"title\": \(JSONText.string(title))" }
        try sink.writeLine(header + "}")
    }

    /// Adds the output that shows `grid`, `seconds` after the start; a grid of a new size
    /// is preceded by a resize (`"r"`) event.
    public func frame(_ grid: CellGrid, at seconds: Double) throws {
        if grid.columns != size.columns || grid.rows != size.rows {
            size = (grid.columns, grid.rows)
            try sink.writeLine("[\(JSONText.seconds(seconds)), \"r\", \"\(grid.columns)x\(grid.rows)\"]")
        }
        let output = encoder.encode(grid)
        try sink.writeLine("[\(JSONText.seconds(seconds)), \"o\", \(JSONText.string(output))]")
    }
}
