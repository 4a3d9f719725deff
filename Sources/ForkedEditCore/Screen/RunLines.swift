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

    /// A line's pieces with every change that starts or ends inside a word widened to the whole
    /// word: `cat` → `cart` shows `cart` in the fork's colour, not the `r` the character diff
    /// found. The unchanged text around a change gives up the word's other letters, which are
    /// only recoloured slices: no text is copied, so a long line costs no more than before.
    public static func wholeWords(
        _ pieces: [(text: Substring, origin: MergeViewOrigin)]
    ) -> [(text: Substring, origin: MergeViewOrigin)] {
        var result: [(text: Substring, origin: MergeViewOrigin)] = []
        for (index, piece) in pieces.enumerated() {
            guard piece.origin == .unchanged, !piece.text.isEmpty else {
                result.append(piece)
                continue
            }
            let text = piece.text
            let previous = index > 0 ? pieces[index - 1] : nil
            let next = index + 1 < pieces.count ? pieces[index + 1] : nil
            // Letters of a word the change before it ends inside.
            var leadEnd = text.startIndex
            if let previous, previous.origin != .unchanged, previous.text.last.map(isWordCharacter) == true,
               let first = text.first, isWordCharacter(first) {
                leadEnd = text.firstIndex { !isWordCharacter($0) } ?? text.endIndex
            }
            // Letters of a word the change after it starts inside.
            var tailStart = text.endIndex
            if let next, next.origin != .unchanged, next.text.first.map(isWordCharacter) == true,
               let last = text.last, isWordCharacter(last) {
                tailStart = text.lastIndex { !isWordCharacter($0) }.map { text.index(after: $0) } ?? text.startIndex
            }
            // One word between two changes goes with the first.
            tailStart = max(tailStart, leadEnd)
            if let previous, leadEnd > text.startIndex { result.append((text[..<leadEnd], previous.origin.wordOrigin)) }
            if leadEnd < tailStart { result.append((text[leadEnd..<tailStart], .unchanged)) }
            if let next, tailStart < text.endIndex { result.append((text[tailStart...], next.origin.wordOrigin)) }
        }
        return result
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
