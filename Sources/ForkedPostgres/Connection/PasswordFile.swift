import Foundation

/// A libpq password file (`~/.pgpass`): lines of `host:port:database:user:password`, where `*`
/// matches anything and `\` escapes `:` and `\`. The first matching line wins.
struct PasswordFile {
    private struct Entry {
        let fields: [String]
    }

    private let entries: [Entry]

    /// What opening a password file found.
    enum Opening {
        /// The file, read.
        case read(PasswordFile)
        /// The file is there but not used, and why (one line for the user).
        case ignored(String)
        /// No file, or none that can be read.
        case missing
    }

    /// Opens the file as libpq does: one that is not a plain file, or that the group or others
    /// may read or write, is ignored with a warning (a password there is not the user's secret).
    static func open(_ url: URL) -> Opening {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return .missing }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .ignored("password file \(url.path) is not a plain file: not used")
        }
        guard status.st_mode & 0o077 == 0 else {
            return .ignored(
                "password file \(url.path) has group or world access (mode \(String(status.st_mode & 0o777, radix: 8))): "
                    + "not used; run chmod 0600 \(url.path)"
            )
        }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return .missing }
        return .read(PasswordFile(text: text))
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
