/// Text that came from others (a peer's device name, synced or recorded text) made safe to
/// write to a terminal: control characters are shown, not obeyed.
///
/// A terminal acts on escape sequences in what it prints: OSC 52 sets the clipboard, OSC 0 the
/// window title, CSI 2J clears the screen. A name or text a peer chose must never reach it raw,
/// so every C0 and C1 control character (and DEL) is written in caret notation (`^[` for ESC,
/// `^?` for DEL) or as `<U+009B>`; line feeds and tabs stay where a text keeps its lines.
enum TerminalSafeText {
    /// `text` with control characters made visible; with `keepingLines`, line feeds and tabs are
    /// kept as they are.
    static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLines && ($0 == "\n" || $0 == "\t")) }) else {
            return text
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if !isControl(scalar) || (keepingLines && (scalar == "\n" || scalar == "\t")) {
                result.unicodeScalars.append(scalar)
            } else if scalar.value < 0x20 {
                result += "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            } else if scalar.value == 0x7F {
                result += "^?"
            } else {
                result += "<U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + ">"
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
