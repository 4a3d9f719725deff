/// Cuts runs of coloured text into the lines a view shows.
public enum RunLines {
    /// The pieces of lines `top ..< top + count`, each line a list of (text, origin) pieces.
    ///
    /// Newlines are found by scanning UTF-8 bytes, and scanning stops after the last
    /// visible line, so only the text up to the visible area is visited.
    public static func lines(
        of runs: [OriginRun], from top: Int, count: Int
    ) -> [[(text: Substring, origin: MergeViewOrigin)]] {
        guard count > 0 else { return [] }
        var result: [[(text: Substring, origin: MergeViewOrigin)]] = Array(repeating: [], count: count)
        var line = 0
        let end = top + count
        for run in runs {
            let text = run.text
            var pieceStart = text.startIndex
            var index = text.utf8.startIndex
            while index != text.utf8.endIndex {
                if text.utf8[index] == UInt8(ascii: "\n") {
                    if line >= top, line < end, pieceStart < index {
                        result[line - top].append((text[pieceStart..<index], run.origin))
                    }
                    line += 1
                    if line >= end { return result }
                    pieceStart = text.utf8.index(after: index)
                }
                index = text.utf8.index(after: index)
            }
            if line >= top, line < end, pieceStart < text.endIndex {
                result[line - top].append((text[pieceStart...], run.origin))
            }
        }
        return result
    }
}
