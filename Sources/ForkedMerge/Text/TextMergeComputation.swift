/// One text merge: diffs both sides against the ancestor and combines them with ``ThreeWayMerge``.
struct TextMergeComputation {
    let ancestor: [UInt8]
    let dominant: [UInt8]
    let subordinate: [UInt8]

    /// The merged text's UTF-8 bytes.
    func mergedBytes() -> [UInt8] {
        withBuffers { policy, pieces, _, _ in
            var output: [UInt8] = []
            output.reserveCapacity(max(policy.dominant.count, policy.subordinate.count) + 64)
            for piece in pieces { append(piece, from: policy, to: &output) }
            return output
        }
    }

    /// The merged text as origin-attributed segments, with statistics.
    func result() -> TextMergeResult {
        withBuffers { policy, pieces, dominantHunks, subordinateHunks in
            var segments: [TextMergeSegment] = []
            var pending: [UInt8] = []
            var pendingOrigin: MergeOrigin? = nil
            for piece in pieces where !piece.range.isEmpty {
                if piece.origin != pendingOrigin, let origin = pendingOrigin {
                    segments.append(TextMergeSegment(text: String(decoding: pending, as: UTF8.self), origin: TextOrigin(origin)))
                    pending.removeAll(keepingCapacity: true)
                }
                pendingOrigin = piece.origin
                append(piece, from: policy, to: &pending)
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
    }

    private func append(_ piece: MergePiece, from policy: TextMergePolicy, to output: inout [UInt8]) {
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

    /// Runs the diffs and the three-way merge with all three texts pinned in memory.
    private func withBuffers<R>(_ body: (TextMergePolicy, [MergePiece], [DiffHunk], [DiffHunk]) -> R) -> R {
        ancestor.withUnsafeBufferPointer { ancestorBuffer in
            dominant.withUnsafeBufferPointer { dominantBuffer in
                subordinate.withUnsafeBufferPointer { subordinateBuffer in
                    let ancestorStarts = TextSplitting.lineStarts(ancestorBuffer, in: 0..<ancestorBuffer.count)
                    let dominantStarts = TextSplitting.lineStarts(dominantBuffer, in: 0..<dominantBuffer.count)
                    let subordinateStarts = TextSplitting.lineStarts(subordinateBuffer, in: 0..<subordinateBuffer.count)
                    var interner = ByteSliceInterner(
                        buffers: [ancestorBuffer, dominantBuffer, subordinateBuffer],
                        expectedCount: ancestorStarts.count + dominantStarts.count / 2 + subordinateStarts.count / 2
                    )
                    func lineIDs(_ starts: [Int], buffer: Int) -> [Int] {
                        guard starts.count > 1 else { return [] }
                        return (0..<(starts.count - 1)).map { interner.id(buffer: buffer, range: starts[$0]..<starts[$0 + 1]) }
                    }
                    let ancestorIDs = lineIDs(ancestorStarts, buffer: 0)
                    let dominantIDs = lineIDs(dominantStarts, buffer: 1)
                    let subordinateIDs = lineIDs(subordinateStarts, buffer: 2)
                    let dominantHunks = TextDiff(
                        ancestor: ancestorBuffer, ancestorLineStarts: ancestorStarts, ancestorLineIDs: ancestorIDs,
                        side: dominantBuffer, sideLineStarts: dominantStarts, sideLineIDs: dominantIDs
                    ).hunks()
                    let subordinateHunks = TextDiff(
                        ancestor: ancestorBuffer, ancestorLineStarts: ancestorStarts, ancestorLineIDs: ancestorIDs,
                        side: subordinateBuffer, sideLineStarts: subordinateStarts, sideLineIDs: subordinateIDs
                    ).hunks()
                    let policy = TextMergePolicy(ancestor: ancestorBuffer, dominant: dominantBuffer, subordinate: subordinateBuffer)
                    let pieces = ThreeWayMerge(
                        ancestorCount: ancestorBuffer.count, dominant: dominantHunks, subordinate: subordinateHunks, policy: policy
                    ).pieces()
                    return body(policy, pieces, dominantHunks, subordinateHunks)
                }
            }
        }
    }
}
