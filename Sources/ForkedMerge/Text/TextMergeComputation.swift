import Dispatch

/// One text merge: diffs both sides against the ancestor and combines them with ``ThreeWayMerge``.
///
/// The texts are read in place through their UTF-8 storage (no copies), so a computation only
/// exists inside ``run(ancestor:dominant:subordinate:_:)``.
struct TextMergeComputation {
    let policy: TextMergePolicy
    let pieces: [MergePiece]
    let dominantHunks: [DiffHunk]
    let subordinateHunks: [DiffHunk]

    /// Merges the three texts and hands the computation to `body`.
    static func run<R>(ancestor: String, dominant: String, subordinate: String, _ body: (TextMergeComputation) -> R) -> R {
        withBuffers(ancestor, dominant, subordinate) { ancestorBuffer, dominantBuffer, subordinateBuffer in
            let ancestorLines = TextLines(ancestorBuffer)
            let hunks = sideHunks(ancestor: ancestorBuffer, lines: ancestorLines, sides: [dominantBuffer, subordinateBuffer])
            return body(TextMergeComputation(ancestorBuffer, dominantBuffer, subordinateBuffer, hunks[0], hunks[1]))
        }
    }

    /// Merges the three texts with side diffs computed earlier by ``sideHunks(ancestor:lines:sides:)``
    /// over the same texts, and hands the computation to `body`.
    static func run<R>(
        ancestor: String, dominant: String, subordinate: String, dominantHunks: [DiffHunk], subordinateHunks: [DiffHunk],
        _ body: (TextMergeComputation) -> R
    ) -> R {
        withBuffers(ancestor, dominant, subordinate) { ancestorBuffer, dominantBuffer, subordinateBuffer in
            body(TextMergeComputation(ancestorBuffer, dominantBuffer, subordinateBuffer, dominantHunks, subordinateHunks))
        }
    }

    /// Calls `body` with the UTF-8 storage of the three texts (read in place, no copies).
    static func withBuffers<R>(
        _ ancestor: String, _ dominant: String, _ subordinate: String,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        var ancestor = ancestor
        var dominant = dominant
        var subordinate = subordinate
        return ancestor.withUTF8 { ancestorBuffer in
            dominant.withUTF8 { dominantBuffer in
                subordinate.withUTF8 { subordinateBuffer in body(ancestorBuffer, dominantBuffer, subordinateBuffer) }
            }
        }
    }

    private init(
        _ ancestor: UnsafeBufferPointer<UInt8>, _ dominant: UnsafeBufferPointer<UInt8>, _ subordinate: UnsafeBufferPointer<UInt8>,
        _ dominantHunks: [DiffHunk], _ subordinateHunks: [DiffHunk]
    ) {
        self.dominantHunks = dominantHunks
        self.subordinateHunks = subordinateHunks
        policy = TextMergePolicy(ancestor: ancestor, dominant: dominant, subordinate: subordinate)
        pieces = ThreeWayMerge(
            ancestorCount: ancestor.count, dominant: dominantHunks, subordinate: subordinateHunks, policy: policy
        ).pieces()
    }

    /// The merged text, written straight into the new string's storage.
    func mergedString() -> String {
        let count = pieces.reduce(0) { $0 + $1.range.count }
        return String(unsafeUninitializedCapacity: count) { output in
            var offset = 0
            for piece in pieces where !piece.range.isEmpty {
                if case .separator = piece.source {
                    for byte in policy.bytes(of: piece) {
                        output[offset] = byte
                        offset += 1
                    }
                } else {
                    let source = UnsafeBufferPointer(rebasing: policy.buffer(piece.source)[piece.range])
                    _ = UnsafeMutableBufferPointer(rebasing: output[offset..<(offset + source.count)]).initialize(from: source)
                    offset += source.count
                }
            }
            return offset
        }
    }

    /// The merged text as origin-attributed segments, with statistics.
    func result() -> TextMergeResult {
        var segments: [TextMergeSegment] = []
        var pending: [UInt8] = []
        var pendingOrigin: MergeOrigin? = nil
        for piece in pieces where !piece.range.isEmpty {
            if piece.origin != pendingOrigin, let origin = pendingOrigin {
                segments.append(TextMergeSegment(text: String(decoding: pending, as: UTF8.self), origin: TextOrigin(origin)))
                pending.removeAll(keepingCapacity: true)
            }
            pendingOrigin = piece.origin
            append(piece, to: &pending)
        }
        if let origin = pendingOrigin, !pending.isEmpty {
            segments.append(TextMergeSegment(text: String(decoding: pending, as: UTF8.self), origin: TextOrigin(origin)))
        }
        let statistics = TextMergeStatistics(
            dominantInserted: dominantHunks.reduce(0) { $0 + characterCount(policy.dominant, $1.side) },
            dominantDeleted: dominantHunks.reduce(0) { $0 + characterCount(policy.ancestor, $1.ancestor) },
            subordinateInserted: subordinateHunks.reduce(0) { $0 + characterCount(policy.subordinate, $1.side) },
            subordinateDeleted: subordinateHunks.reduce(0) { $0 + characterCount(policy.ancestor, $1.ancestor) }
        )
        return TextMergeResult(segments: segments, statistics: statistics)
    }

    private func append(_ piece: MergePiece, to output: inout [UInt8]) {
        if case .separator = piece.source {
            output.append(contentsOf: policy.bytes(of: piece))
        } else {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: policy.buffer(piece.source)[piece.range]))
        }
    }

    private func characterCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var plain = true
        for index in range where bytes[index] >= 0x80 || bytes[index] == 0x0D {
            plain = false
            break
        }
        if plain { return range.count }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self).count
    }

    /// Texts at least this long (in bytes, all three together) diff both sides in parallel.
    static let parallelThreshold = 200_000

    /// The read-only inputs of the side diffs. The buffers stay valid and unmodified for
    /// the whole parallel section, so sharing them between the two threads is safe.
    private struct SharedInput: @unchecked Sendable {
        let ancestor: UnsafeBufferPointer<UInt8>
        let lines: TextLines
        let sides: [UnsafeBufferPointer<UInt8>]

        func diff(side index: Int) -> [DiffHunk] {
            let side = sides[index]
            let sideLines = TextLines(side)
            return TextDiff(
                ancestor: ancestor, ancestorLineStarts: lines.starts, ancestorLineIDs: lines.ids,
                side: side, sideLineStarts: sideLines.starts, sideLineIDs: sideLines.ids
            ).hunks()
        }
    }

    /// One result slot per thread; each thread writes only its own slot, and they are read
    /// after both threads finished.
    private final class ResultSlots: @unchecked Sendable {
        var first: [DiffHunk] = []
        var second: [DiffHunk] = []
    }

    /// Diffs each of `sides` against the ancestor, whose lines are `lines`; two long sides
    /// are diffed on two threads.
    static func sideHunks(ancestor: UnsafeBufferPointer<UInt8>, lines: TextLines, sides: [UnsafeBufferPointer<UInt8>]) -> [[DiffHunk]] {
        let input = SharedInput(ancestor: ancestor, lines: lines, sides: sides)
        let total = sides.reduce(ancestor.count) { $0 + $1.count }
        guard sides.count == 2, total >= parallelThreshold else {
            return sides.indices.map { input.diff(side: $0) }
        }
        let slots = ResultSlots()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let hunks = input.diff(side: index)
            if index == 0 { slots.first = hunks } else { slots.second = hunks }
        }
        return [slots.first, slots.second]
    }
}

/// The lines of a UTF-8 text: their start offsets (followed by the end offset) and hash IDs,
/// as the line-level diff reads them.
struct TextLines: Sendable {
    /// Start offsets of the lines, followed by the end offset.
    let starts: [Int]
    /// Hash IDs of the lines (see ``TextDiff/hashIDs(_:starts:)``).
    let ids: [Int]

    /// Splits and hashes `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        starts = TextSplitting.lineStarts(bytes, in: 0..<bytes.count)
        ids = TextDiff.hashIDs(bytes, starts: starts)
    }
}
