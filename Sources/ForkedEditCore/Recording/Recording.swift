/// The first line of a recorded session: the screen size, the forks and the document.
public struct RecordingHeader: Sendable, Equatable {
    /// The format version; this code reads and writes version 1.
    public static let formatVersion = 1

    /// Screen width.
    public var columns: Int
    /// Screen height.
    public var rows: Int
    /// The two fork names, left then right.
    public var forks: [String]
    /// The document's initial text.
    public var document: String
    /// The file the session edited, if any, so a replay saves (in memory) under that name
    /// instead of asking for one. Optional; absent in sessions of unnamed documents.
    public var fileName: String?

    /// Creates a header.
    public init(columns: Int, rows: Int, forks: [String] = ["left", "right"], document: String, fileName: String? = nil) {
        self.columns = columns
        self.rows = rows
        self.forks = forks
        self.document = document
        self.fileName = fileName
    }

    /// The header as one JSON line, keys in the documented order.
    public var jsonLine: String {
        var line = "{\"forked-edit-session\": \(RecordingHeader.formatVersion), \"cols\": \(columns), \"rows\": \(rows), "
        line += "\"forks\": [\(forks.map(JSONText.string).joined(separator: ", "))], "
        line += "\"document\": \(JSONText.string(document))"
        if let fileName { line += ", \"file\": \(JSONText.string(fileName))" }
        return line + "}"
    }
}

/// One recorded input: keys typed or a terminal resize, with its time.
public struct RecordingEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// Keys, in order.
        case keys([Key])
        /// The terminal was resized.
        case resize(columns: Int, rows: Int)
    }

    /// Seconds since the session started.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The event as one JSON line: `[seconds, "k", "KEYS"]` or `[seconds, "r", "COLSxROWS"]`.
    public var jsonLine: String {
        switch kind {
        case .keys(let keys):
            return "[\(JSONText.seconds(time)), \"k\", \(JSONText.string(KeyNotation.format(keys)))]"
        case .resize(let columns, let rows):
            return "[\(JSONText.seconds(time)), \"r\", \"\(columns)x\(rows)\"]"
        }
    }

    /// The input events this recorded event stands for.
    public var inputEvents: [InputEvent] {
        switch kind {
        case .keys(let keys): return keys.map(InputEvent.key)
        case .resize(let columns, let rows): return [.resize(columns: columns, rows: rows)]
        }
    }
}

/// A whole recorded session.
public struct Recording: Sendable, Equatable {
    /// The header.
    public var header: RecordingHeader
    /// The events, in order.
    public var events: [RecordingEvent]

    /// Creates a recording.
    public init(header: RecordingHeader, events: [RecordingEvent]) {
        self.header = header
        self.events = events
    }

    /// The recording in its JSON Lines form.
    public var jsonLines: String {
        ([header.jsonLine] + events.map(\.jsonLine)).map { $0 + "\n" }.joined()
    }
}
