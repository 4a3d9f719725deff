/// Minimal JSON writing for recordings, whose header keys must keep their documented order
/// (a dictionary-based encoder would reorder them).
enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else written as UTF-8.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Seconds with millisecond precision and no exponent, such as `1.250`; a time past
    /// 10^12 seconds is written as that (its milliseconds would not fit an `Int`).
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((min(max(0, value.isFinite ? value : 0), 1e12) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
