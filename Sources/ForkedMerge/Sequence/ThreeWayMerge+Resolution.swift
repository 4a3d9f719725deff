/// Resolving one group of hunks: identical versions, unions, widened conflicts.
extension ThreeWayMerge {
    /// How a group is resolved.
    enum Resolution {
        case nothing
        case single(MergePiece)
        case pieces([MergePiece])
        case widen(Range<Int>)
    }

    /// Resolves a group: one hunk as it is, identical versions once, otherwise the union
    /// unless the policy asks for widening.
    func resolve(_ group: Group) -> Resolution {
        if group.indices.count == 1 {
            let only = hunks[group.indices.lowerBound]
            guard !only.hunk.side.isEmpty else { return .nothing }
            let source: MergeSource = only.side == .dominant ? .dominant : .subordinate
            let origin: MergeOrigin = only.side == .dominant ? .dominant : .subordinate
            return .single(MergePiece(source: source, range: only.hunk.side, origin: origin))
        }
        let dominantVersion = version(of: .dominant, in: group)
        let subordinateVersion = version(of: .subordinate, in: group)
        if policy.sameContent(dominantVersion, subordinateVersion) {
            return .pieces(dominantVersion.map { piece in
                var piece = piece
                if piece.origin == .dominant { piece.origin = .both }
                return piece
            })
        }
        let union = union(of: group)
        // Only where both sides changed the same elements is the union a candidate blend;
        // insertions at one point, or into what the other side deleted, are kept as they are.
        guard bothSidesReplaceSameElements(group) else { return .pieces(union) }
        switch policy.review(union: union, dominant: dominantVersion, subordinate: subordinateVersion, range: group.range) {
        case .accept: return .pieces(union)
        case .widen(let range): return .widen(range)
        }
    }

    private func bothSidesReplaceSameElements(_ group: Group) -> Bool {
        let dominantRanges = members(group).filter { $0.side == .dominant && !$0.hunk.ancestor.isEmpty }
            .map(\.hunk.ancestor).sorted { $0.lowerBound < $1.lowerBound }
        let subordinateRanges = members(group).filter { $0.side == .subordinate && !$0.hunk.ancestor.isEmpty }
            .map(\.hunk.ancestor).sorted { $0.lowerBound < $1.lowerBound }
        // Both lists are sorted and free of overlaps within themselves: one sweep finds any overlap.
        var d = 0
        var s = 0
        while d < dominantRanges.count, s < subordinateRanges.count {
            if dominantRanges[d].overlaps(subordinateRanges[s]) { return true }
            if dominantRanges[d].upperBound <= subordinateRanges[s].upperBound { d += 1 } else { s += 1 }
        }
        return false
    }

    /// One side's version of the group's ancestor range.
    private func version(of side: MergeSide, in group: Group) -> [MergePiece] {
        var pieces: [MergePiece] = []
        var cursor = group.range.lowerBound
        let source: MergeSource = side == .dominant ? .dominant : .subordinate
        let origin: MergeOrigin = side == .dominant ? .dominant : .subordinate
        for sided in members(group) where sided.side == side {
            let hunk = sided.hunk
            if hunk.ancestor.lowerBound > cursor {
                pieces.append(MergePiece(source: .ancestor, range: cursor..<hunk.ancestor.lowerBound, origin: .ancestor))
            }
            if !hunk.side.isEmpty {
                pieces.append(MergePiece(source: source, range: hunk.side, origin: origin))
            }
            cursor = max(cursor, hunk.ancestor.upperBound)
        }
        if cursor < group.range.upperBound {
            pieces.append(MergePiece(source: .ancestor, range: cursor..<group.range.upperBound, origin: .ancestor))
        }
        return pieces
    }

    /// All deletions applied, every insertion kept whole at its position (dominant first);
    /// a hunk both sides made identically is applied once.
    private func union(of group: Group) -> [MergePiece] {
        var deleted: [Range<Int>] = []
        let deletions = members(group).map(\.hunk.ancestor).filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        for range in deletions {
            if let last = deleted.last, last.upperBound >= range.lowerBound {
                deleted[deleted.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                deleted.append(range)
            }
        }

        var insertions: [(position: Int, piece: MergePiece)] = []
        // Dominant insertions by the ancestor range they replace, to find identical twins.
        var dominantByRange: [Range<Int>: Int] = [:]
        for sided in members(group) where !sided.hunk.side.isEmpty {
            let hunk = sided.hunk
            if sided.side == .subordinate, let index = dominantByRange[hunk.ancestor],
               policy.sameContent([insertions[index].piece], [MergePiece(source: .subordinate, range: hunk.side, origin: .subordinate)]) {
                insertions[index].piece.origin = .both
                continue
            }
            let source: MergeSource = sided.side == .dominant ? .dominant : .subordinate
            let origin: MergeOrigin = sided.side == .dominant ? .dominant : .subordinate
            if sided.side == .dominant { dominantByRange[hunk.ancestor] = insertions.count }
            insertions.append((hunk.ancestor.lowerBound, MergePiece(source: source, range: hunk.side, origin: origin)))
        }
        insertions = withoutRepeatedInsertions(insertions)
        let ranks = insertions.map { policy.insertionRank($0.piece, at: $0.position) }
        // At one position: by the policy's rank, then dominant first, then in group order.
        let ordered = insertions.enumerated().sorted { lhs, rhs in
            if lhs.element.position != rhs.element.position { return lhs.element.position < rhs.element.position }
            if ranks[lhs.offset] != ranks[rhs.offset] { return ranks[lhs.offset] < ranks[rhs.offset] }
            let lhsRank = lhs.element.piece.source == .subordinate ? 1 : 0
            let rhsRank = rhs.element.piece.source == .subordinate ? 1 : 0
            if lhsRank != rhsRank { return lhsRank < rhsRank }
            return lhs.offset < rhs.offset
        }.map(\.element)

        var pieces: [MergePiece] = []
        var cursor = group.range.lowerBound
        func keep(upTo end: Int) {
            guard end > cursor else { return }
            var start = cursor
            for range in deleted where range.upperBound > start && range.lowerBound < end {
                if range.lowerBound > start {
                    pieces.append(MergePiece(source: .ancestor, range: start..<range.lowerBound, origin: .ancestor))
                }
                start = max(start, range.upperBound)
            }
            if start < end {
                pieces.append(MergePiece(source: .ancestor, range: start..<end, origin: .ancestor))
            }
            cursor = end
        }
        for insertion in ordered {
            keep(upTo: insertion.position)
            pieces.append(insertion.piece)
        }
        keep(upTo: group.range.upperBound)
        return pieces
    }

    /// Drops an insertion that repeats the start or the end of the other side's insertion at the
    /// same position: both sides typed the same thing and one typed more, so the longer one
    /// alone is kept ("there " and "there my friend " give "there my friend ", "0" and "00" after
    /// "1" give "100" rather than "1000"). This extends "the same change is applied once".
    private func withoutRepeatedInsertions(_ insertions: [(position: Int, piece: MergePiece)]) -> [(position: Int, piece: MergePiece)] {
        guard insertions.count > 1 else { return insertions }
        var dropped = Set<Int>()
        var indicesByPosition: [Int: [Int]] = [:]
        for (index, insertion) in insertions.enumerated() { indicesByPosition[insertion.position, default: []].append(index) }
        for indices in indicesByPosition.values where indices.count > 1 {
            for i in indices where insertions[i].piece.source == .dominant {
                for j in indices where insertions[j].piece.source == .subordinate {
                    let first = insertions[i]
                    let second = insertions[j]
                    let (shorter, longer, shorterIndex) = first.piece.range.count <= second.piece.range.count
                        ? (first.piece, second.piece, i) : (second.piece, first.piece, j)
                    let length = shorter.range.count
                    guard length > 0, length < longer.range.count else { continue }
                    var prefix = longer
                    prefix.range = longer.range.lowerBound..<(longer.range.lowerBound + length)
                    var suffix = longer
                    suffix.range = (longer.range.upperBound - length)..<longer.range.upperBound
                    if policy.sameContent([shorter], [prefix]) || policy.sameContent([shorter], [suffix]) {
                        dropped.insert(shorterIndex)
                    }
                }
            }
        }
        return insertions.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// Both sides' complete versions of a widened range, dominant first, or one copy when equal.
    func widenedPieces(_ group: Group) -> [MergePiece] {
        let dominantVersion = version(of: .dominant, in: group)
        let subordinateVersion = version(of: .subordinate, in: group)
        if policy.sameContent(dominantVersion, subordinateVersion) {
            return dominantVersion.map { piece in
                var piece = piece
                if piece.origin == .dominant { piece.origin = .both }
                return piece
            }
        }
        var pieces = dominantVersion
        if let separator = policy.separator(dominant: dominantVersion, subordinate: subordinateVersion, range: group.range) {
            pieces.append(separator)
        }
        pieces.append(contentsOf: subordinateVersion)
        return pieces
    }
}
