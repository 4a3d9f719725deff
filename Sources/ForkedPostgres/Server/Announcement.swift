import Foundation
import ForkedHistory

/// The payload of a `NOTIFY` on ``ServerSchema/channel``: which document reached which
/// generation, from which device, and, when it is small, the commit itself.
///
/// Carrying the commit spares every listening device a query per commit: with fifty devices on
/// one document, the fetches that announcements caused took most of the server's and the
/// devices' time. A payload must stay under 8000 bytes sealed (it travels sealed with the
/// document's key, ``NotificationSeal``), so a commit whose encoding is larger is left out and
/// listeners fetch it.
struct Announcement: Sendable, Equatable {
    let document: String
    let generation: Int64
    let device: String

    /// The most a commit's field may take, leaving room for a 1,000-byte document name and the
    /// other fields within what a sealed payload may hold (``NotificationSeal/maximumPlaintextBytes``).
    static let commitFieldLimit = 4_700

    /// `generation device commit document`: the document's name last, so that it may contain
    /// spaces; `commit` is `-` or `modelVersion.base64(encoded commit)`.
    var payload: String { "\(generation) \(device) \(commitField) \(document)" }

    /// The payload's `commit` field, made once: the commit's encoding is also what decides
    /// whether it fits.
    private let commitField: String

    /// Whether the payload carries a commit (which ``commit()`` decodes and checks).
    var carriesCommit: Bool { commitField != Self.noCommit }

    /// The commit that made ``generation`` current, when it was small enough to announce and
    /// its bytes match its id; `nil` when it was left out or does not decode.
    ///
    /// Decoded when asked for, not when the payload is read: a device that waited for its
    /// upload's turn caught up with the commits announced meanwhile, so most of what reaches
    /// it after a turn is already known and never needs decoding.
    func commit() -> ServerCommit? {
        guard carriesCommit else { return nil }
        let field = commitField.utf8
        guard let dot = field.firstIndex(of: UInt8(ascii: ".")),
              let modelVersion = Int(Substring(field[..<dot])),
              let encoded = Data(base64Encoded: String(Substring(field[field.index(after: dot)...]))),
              let decoded = try? HistoryCommit(encoded: encoded)
        else { return nil }
        return ServerCommit(decoded, generation: generation, modelVersion: modelVersion)
    }

    /// Reads a payload; `nil` for one this build does not understand, or whose generation is
    /// outside ``DocumentStore/generations`` (anyone who can connect can send one, and a
    /// generation near `Int64.max` would overflow the generations counted on from it).
    ///
    /// The fields are found by their bytes: the commit field can be thousands of characters,
    /// and splitting a `String` walks it character by character, which every device did for
    /// every commit.
    init?(payload: String) {
        let bytes = payload.utf8
        let space = UInt8(ascii: " ")
        guard let firstSpace = bytes.firstIndex(of: space),
              let secondSpace = bytes[bytes.index(after: firstSpace)...].firstIndex(of: space),
              let thirdSpace = bytes[bytes.index(after: secondSpace)...].firstIndex(of: space),
              let generation = Int64(Substring(bytes[..<firstSpace])), DocumentStore.generations.contains(generation)
        else { return nil }
        let device = Substring(bytes[bytes.index(after: firstSpace)..<secondSpace])
        let field = Substring(bytes[bytes.index(after: secondSpace)..<thirdSpace])
        guard field == Self.noCommit || Self.isCommitField(field.utf8) else { return nil }
        self.init(
            document: String(Substring(bytes[bytes.index(after: thirdSpace)...])), generation: generation, device: String(device),
            commitField: String(field)
        )
    }

    /// An announcement of `commit`, which carries it when its field fits ``commitFieldLimit``.
    init(document: String, device: String, announcing commit: ServerCommit) {
        let field = Self.field(of: commit)
        let fits = field.utf8.count <= Self.commitFieldLimit
        self.init(document: document, generation: commit.generation, device: device, commitField: fits ? field : Self.noCommit)
    }

    init(document: String, generation: Int64, device: String, commit: ServerCommit? = nil) {
        self.init(document: document, generation: generation, device: device, commitField: commit.map(Self.field) ?? Self.noCommit)
    }

    private init(document: String, generation: Int64, device: String, commitField: String) {
        self.document = document
        self.generation = generation
        self.device = device
        self.commitField = commitField
    }

    /// The commit field of a payload that carries no commit.
    private static let noCommit = "-"

    private static func field(of commit: ServerCommit) -> String {
        "\(commit.modelVersion)." + commit.commit.encoded.base64EncodedString()
    }

    /// Whether `field` has the form of a carried commit: a model version, a dot, and base64
    /// characters. Whether they decode to a commit matching its id is left to ``commit()``.
    private static func isCommitField(_ field: Substring.UTF8View) -> Bool {
        guard let dot = field.firstIndex(of: UInt8(ascii: ".")), dot != field.startIndex,
              field[..<dot].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return false }
        let encoded = field[field.index(after: dot)...]
        return !encoded.isEmpty && encoded.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
                return true
            default:
                return false
            }
        }
    }
}
