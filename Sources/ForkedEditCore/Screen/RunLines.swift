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
            var pieceStart = 0
            var stop = false
            ByteScanning.forEachNewline(in: text) { offset in
                if line >= top, line < end, pieceStart < offset {
                    result[line - top].append((text.utf8Slice(pieceStart, offset), run.origin))
                }
                line += 1
                pieceStart = offset + 1
                stop = line >= end
                return !stop
            }
            if stop { return result }
            let length = text.utf8.count
            if line >= top, line < end, pieceStart < length {
                result[line - top].append((text.utf8Slice(pieceStart, length), run.origin))
            }
        }
        return result
    }
}
