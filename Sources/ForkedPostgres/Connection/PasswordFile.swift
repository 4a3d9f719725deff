import Foundation

/// A libpq password file (`~/.pgpass`): lines of `host:port:database:user:password`, where `*`
/// matches anything and `\` escapes `:` and `\`. The first matching line wins.
struct PasswordFile {
    private struct Entry {
        let fields: [String]
    }

    private let entries: [Entry]

    /// Reads the file; `nil` when it does not exist or cannot be read.
    init?(contentsOf url: URL) {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        self.init(text: text)
    }

    /// Parses the file's text. Comments and lines with the wrong number of fields are skipped, as libpq does.
    init(text: String) {
        entries = text.split(whereSeparator: \.isNewline).compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = Self.fields(of: line)
            return fields.count == 5 ? Entry(fields: fields) : nil
        }
    }

    /// The password of the first line matching the connection, if any.
    func password(host: String, port: Int, database: String, user: String) -> String? {
        let wanted = [host, String(port), database, user]
        return entries.first { entry in
            zip(entry.fields, wanted).allSatisfy { field, value in
                field == "*" || field == value
            }
        }?.fields[4]
    }

    private static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
