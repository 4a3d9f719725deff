/// The line-break convention of a loaded file, so saving writes it back the way it came.
///
/// Inside the editor every line break is `"\n"`: Swift treats `"\r\n"` as one character,
/// which would otherwise hide line breaks from the line splitter.
public enum LineEndings: Sendable, Equatable {
    /// `"\n"`.
    case unix
    /// `"\r\n"`.
    case windows

    /// Detects the convention of `text` (Windows when it has any `"\r\n"`) and returns the
    /// text with `"\n"` breaks.
    public static func normalize(_ text: String) -> (text: String, lineEndings: LineEndings) {
        guard ByteScanning.contains(UInt8(ascii: "\r"), in: text), text.contains("\r\n") else { return (text, .unix) }
        return (text.replacing("\r\n", with: "\n"), .windows)
    }

    /// `text` with its `"\n"` breaks written in this convention.
    public func apply(to text: String) -> String {
        switch self {
        case .unix: return text
        case .windows: return text.replacing("\n", with: "\r\n")
        }
    }
}
