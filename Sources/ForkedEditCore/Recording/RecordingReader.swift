import Foundation

/// A problem in a recorded session, with the (one-based) line it is on.
public struct RecordingReadError: Error, Equatable, CustomStringConvertible {
    /// One-based line number.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// A message for the user.
    public var description: String { "recording line \(line): \(reason)" }
}

/// Reads recorded sessions in the JSON Lines format written by ``RecordingWriter``.
public enum RecordingReader {
    /// The latest time an event may have, in seconds (about 31 years): a file may say anything,
    /// and replaying turns times into milliseconds, which a larger one would overflow.
    public static let latestEventTime: Double = 1e9

    private struct HeaderFields: Decodable {
        var version: Int
        var cols: Int
        var rows: Int
        var forks: [String]?
        var document: String
        var file: String?

        enum CodingKeys: String, CodingKey {
            case version = "forked-edit-session"
            case cols, rows, forks, document, file
        }
    }

    private struct EventFields: Decodable {
        var time: Double
        var kind: String
        var payload: String

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            time = try container.decode(Double.self)
            kind = try container.decode(String.self)
            payload = try container.decode(String.self)
        }
    }

    /// Parses a whole recording. Blank lines are skipped.
    ///
    /// - Throws: ``RecordingReadError`` naming the line of the first problem.
    public static func read(_ text: String) throws -> Recording {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var header: RecordingHeader?
        var events: [RecordingEvent] = []
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            if header == nil {
                header = try readHeader(line, lineNumber: number)
            } else {
                events.append(try readEvent(line, lineNumber: number))
            }
        }
        guard let header else { throw RecordingReadError(line: 1, reason: "empty session: expected a header line") }
        return Recording(header: header, events: events)
    }

    private static func readHeader(_ line: Substring, lineNumber: Int) throws -> RecordingHeader {
        let fields: HeaderFields
        do {
            fields = try JSONDecoder().decode(HeaderFields.self, from: Data(line.utf8))
        } catch {
            throw RecordingReadError(line: lineNumber, reason: "bad header (expected {\"forked-edit-session\": 1, \"cols\": …, \"rows\": …, \"document\": …}): \(describe(error))")
        }
        guard fields.version == RecordingHeader.formatVersion else {
            throw RecordingReadError(line: lineNumber, reason: "unsupported session format version \(fields.version)")
        }
        guard fields.cols > 0, fields.rows > 0, fields.cols <= 10_000, fields.rows <= 10_000 else {
            throw RecordingReadError(line: lineNumber, reason: "bad screen size \(fields.cols)x\(fields.rows)")
        }
        return RecordingHeader(columns: fields.cols, rows: fields.rows, forks: fields.forks ?? ["left", "right"],
                             document: fields.document, fileName: fields.file)
    }

    private static func readEvent(_ line: Substring, lineNumber: Int) throws -> RecordingEvent {
        let fields: EventFields
        do {
            fields = try JSONDecoder().decode(EventFields.self, from: Data(line.utf8))
        } catch {
            throw RecordingReadError(line: lineNumber, reason: "bad event (expected [seconds, \"k\" or \"r\", text]): \(describe(error))")
        }
        guard fields.time.isFinite, fields.time >= 0, fields.time <= latestEventTime else {
            throw RecordingReadError(line: lineNumber, reason: "bad time \(fields.time)")
        }
        switch fields.kind {
        case "k":
            do {
                return RecordingEvent(time: fields.time, kind: .keys(try KeyNotation.parse(fields.payload)))
            } catch let error as KeyNotationError {
                throw RecordingReadError(line: lineNumber, reason: error.description)
            }
        case "r":
            let parts = fields.payload.split(separator: "x")
            guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
                  columns >= 0, rows >= 0, columns <= 10_000, rows <= 10_000
            else {
                throw RecordingReadError(line: lineNumber, reason: "bad resize \"\(fields.payload)\" (expected COLSxROWS)")
            }
            return RecordingEvent(time: fields.time, kind: .resize(columns: columns, rows: rows))
        default:
            throw RecordingReadError(line: lineNumber, reason: "unknown event kind \"\(fields.kind)\" (expected \"k\" or \"r\")")
        }
    }

    /// A short description of a decoding error, without Foundation's debugging noise.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "wrong type\(path.isEmpty ? "" : " at \(path)")"
        case DecodingError.dataCorrupted: return "not valid JSON"
        default: return "\(error)"
        }
    }
}
