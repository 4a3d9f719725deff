/// Writes a session as it happens, one JSON line per event, to a ``LineSink``.
public final class RecordingWriter {
    private let sink: any LineSink

    /// Starts a recording by writing its header.
    public init(header: RecordingHeader, sink: any LineSink) throws {
        self.sink = sink
        try sink.writeLine(header.jsonLine)
    }

    /// Records one input event that happened `seconds` after the session started.
    public func record(_ event: InputEvent, at seconds: Double) throws {
        let kind: RecordingEvent.Kind
        switch event {
        case .key(let key): kind = .keys([key])
        case .resize(let columns, let rows): kind = .resize(columns: columns, rows: rows)
        }
        try sink.writeLine(RecordingEvent(time: seconds, kind: kind).jsonLine)
    }
}
