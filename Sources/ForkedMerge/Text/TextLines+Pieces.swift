#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Splitting and hashing long texts in pieces on two threads.
extension TextLines {
    /// About how many bytes of a text one piece splits and hashes: a 1 MB merge's three texts
    /// make about fifty pieces, so a thread that falls behind holds up little.
    static let pieceBytes = 64 << 10

    /// The lines of each of `texts`, equal to `texts.map { TextLines($0) }`, split and hashed in
    /// pieces by the calling thread and a helper (``SharedPieces``, with `owner` keeping the
    /// texts alive for it). Every line of all three texts of a merge is hashed, which was a tenth
    /// of a long merge's work, and the ancestor's had been on one thread before the sides' diffs.
    static func inPieces(of texts: [UnsafeBufferPointer<UInt8>], owner: TextStorageOwner?) -> [TextLines] {
        var pieces: [(text: Int, range: Range<Int>)] = []
        for (index, text) in texts.enumerated() {
            var start = 0
            while start < text.count {
                let end = pieceEnd(in: text, from: start)
                pieces.append((index, start..<end))
                start = end
            }
        }
        let results = SharedPieces.run(count: pieces.count, owner: owner) { index, _ in
            let piece = pieces[index]
            let text = texts[piece.text]
            let starts = TextSplitting.lineStarts(text, in: piece.range)
            return PieceLines(starts: starts, ids: TextDiff.hashIDs(text, starts: starts))
        }
        return texts.indices.map { index in
            let lineCount = zip(pieces, results).reduce(0) { $0 + ($1.0.text == index ? $1.1.ids.count : 0) }
            var starts: [Int] = []
            var ids: [Int] = []
            starts.reserveCapacity(lineCount + 1)
            ids.reserveCapacity(lineCount)
            for (piece, lines) in zip(pieces, results) where piece.text == index {
                // A piece's last start is its end, which is the next piece's first start.
                starts.append(contentsOf: lines.starts.dropLast())
                ids.append(contentsOf: lines.ids)
            }
            starts.append(texts[index].count)
            return TextLines(starts: starts, ids: ids)
        }
    }

    /// One piece's line starts (followed by its end) and line hash IDs.
    private struct PieceLines: Sendable {
        let starts: [Int]
        let ids: [Int]
    }

    /// Where a piece starting at `start` ends: right after the first line feed at or past
    /// ``pieceBytes`` bytes on, so every piece holds whole lines, or at the end of the text.
    private static func pieceEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let searchFrom = start + pieceBytes - 1
        guard searchFrom < text.count, let base = text.baseAddress,
              let found = memchr(base + searchFrom, 0x0A, text.count - searchFrom) else { return text.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
    }
}
