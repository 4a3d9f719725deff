/// Breaks text into lines of at most a given display width, at spaces where it can, so a
/// message is never cut in the middle of a word.
public enum WordWrap {
    /// The lines of `text` no wider than `width` columns. A word wider than a whole line is
    /// split at the width; runs of spaces at a break are dropped.
    public static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for piece in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = piece
            var wordWidth = DisplayWidth.columns(of: word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            // A word longer than a line fills whole lines, then the rest starts the next one.
            while wordWidth > width {
                var piece = ""
                var pieceWidth = 0
                var index = word.startIndex
                while index < word.endIndex {
                    let characterWidth = DisplayWidth.columns(of: word[index])
                    if pieceWidth + characterWidth > width { break }
                    piece.append(word[index])
                    pieceWidth += characterWidth
                    index = word.index(after: index)
                }
                if index == word.startIndex { index = word.index(after: index) }  // A character wider than the line.
                lines.append(piece.isEmpty ? String(word[word.startIndex..<index]) : piece)
                word = word[index...]
                wordWidth = DisplayWidth.columns(of: word)
            }
            line = String(word)
            lineWidth = wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
