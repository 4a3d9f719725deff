/// Resolving one group of hunks: identical versions, unions, widened conflicts.
extension ThreeWayMerge {
    /// How a group is resolved.
    enum Resolution: Equatable {
        case nothing
        case single(MergePiece)
        case pieces([MergePiece])
        case widen(Range<Int>)
        /// Both sides' versions kept, dominant first: a true conflict.
        case conflict(dominant: [MergePiece], separator: MergePiece?, subordinate: [MergePiece])
        /// An edit yielded to the other side's deletion: the merged pieces, and both sides'
        /// versions of the group for the conflict report.
        case yielded([MergePiece], dominant: [MergePiece], subordinate: [MergePiece])
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
        if let pair = insertionPair(group) {
            assert(pair == resolvedInFull(group), "an insertion pair resolved unlike the union")
            return pair
        }
        return resolvedInFull(group)
    }

    /// Two insertions at one place, one from each side, that neither conflict nor repeat each
    /// other: both kept, ordered as ``union(of:range:)`` orders them, without its bookkeeping.
    /// Text appended to every line on both sides makes one such group per line, and the
    /// general path's arrays were most of the merge's time there. (Debug builds check that
    /// the general path agrees.)
    private func insertionPair(_ group: Group) -> Resolution? {
        guard group.indices.count == 2 else { return nil }
        let first = hunks[group.indices.lowerBound]
        let second = hunks[group.indices.lowerBound + 1]
        guard first.side != second.side, first.hunk.isInsertion, second.hunk.isInsertion,
              first.hunk.ancestor.lowerBound == second.hunk.ancestor.lowerBound,
              !first.hunk.side.isEmpty, !second.hunk.side.isEmpty else { return nil }
        let (dominantHunk, subordinateHunk) = first.side == .dominant ? (first.hunk, second.hunk) : (second.hunk, first.hunk)
        let position = dominantHunk.ancestor.lowerBound
        var dominant = MergePiece(source: .dominant, range: dominantHunk.side, origin: .dominant)
        let subordinate = MergePiece(source: .subordinate, range: subordinateHunk.side, origin: .subordinate)
        if policy.sameContent([dominant], [subordinate]) {
            dominant.origin = .both
            return .pieces([dominant])
        }
        guard !policy.insertionsConflict(dominant, subordinate, at: position),
              !repeatsAnEnd(dominant, subordinate), !repeatsAnEnd(subordinate, dominant) else { return nil }
        return policy.insertionRank(subordinate, at: position) < policy.insertionRank(dominant, at: position)
            ? .pieces([subordinate, dominant]) : .pieces([dominant, subordinate])
    }

    /// ``resolve(_:)`` for a group of several hunks, by the general rules.
    private func resolvedInFull(_ group: Group) -> Resolution {
        let dominantVersion = version(of: .dominant, in: group)
        let subordinateVersion = version(of: .subordinate, in: group)
        if policy.sameContent(dominantVersion, subordinateVersion) {
            return .pieces(dominantVersion.map { piece in
                var piece = piece
                if piece.origin == .dominant { piece.origin = .both }
                return piece
            })
        }
        let edits = nestedEdits(group)
        if edits.conflict {
            // Both sides typed over the same elements: the union would interleave their
            // versions, so the policy decides (text keeps both versions whole).
            let union = union(of: members(group), range: group.range)
            switch policy.review(union: union, dominant: dominantVersion, subordinate: subordinateVersion, range: group.range) {
            case .accept: return .pieces(union)
            case .widen(let range): return .widen(range)
            }
        }
        let merged = union(of: edits.adjusted, range: group.range)
        if edits.reportedYield {
            return .yielded(merged, dominant: dominantVersion, subordinate: subordinateVersion)
        }
        return .pieces(merged)
    }

    /// Whether `inner` lies inside `outer` without being equal to it.
    static func strictlyContains(_ outer: Range<Int>, _ inner: Range<Int>) -> Bool {
        outer.lowerBound <= inner.lowerBound && inner.upperBound <= outer.upperBound && inner != outer
    }

    /// How the edits of a group that sit inside the other side's changes combine.
    struct NestedEdits {
        /// Whether both sides typed over the same elements, each something else.
        var conflict = false
        /// The group's hunks with yielded edits removed and deletions shrunk around surviving units.
        var adjusted: [SidedHunk] = []
        /// Whether an edit that yielded to the other side's deletion is reported as a conflict.
        var reportedYield = false
    }

    /// Examines every edit that types something where the other side deleted or replaced
    /// elements, and every deletion inside the other side's replacement:
    /// - an edit strictly inside the other side's change has a unit (the policy's: a word, the
    ///   edited lines). If the unit lies inside that change, the unit survives whole: a deletion
    ///   leaves it in place, a replacement is a conflict (both sides rewrote the unit). If the
    ///   other side's change cut through the unit, the edit yields: keeping it would bring back
    ///   text the other side removed, keeping only a fragment would garble it.
    /// - overlapping replacements that are not nested are a conflict.
    func nestedEdits(_ group: Group) -> NestedEdits {
        var result = NestedEdits()
        // By position in the group; plain arrays, not a Set or Dictionary (see ``ElementSpan``).
        let first = group.indices.lowerBound
        var yielded = [Bool](repeating: false, count: group.indices.count)
        var survivingUnits = [[ElementSpan]](repeating: [], count: group.indices.count)
        for x in group.indices where !hunks[x].hunk.side.isEmpty || !hunks[x].hunk.ancestor.isEmpty {
            let edit = hunks[x]
            if edit.side == .dominant, edit.hunk.isInsertion {
                let piece = MergePiece(source: .dominant, range: edit.hunk.side, origin: .dominant)
                for y in group.indices where hunks[y].side == .subordinate && hunks[y].hunk.isInsertion
                    && hunks[y].hunk.ancestor.lowerBound == edit.hunk.ancestor.lowerBound {
                    let other = MergePiece(source: .subordinate, range: hunks[y].hunk.side, origin: .subordinate)
                    if policy.insertionsConflict(piece, other, at: edit.hunk.ancestor.lowerBound) { result.conflict = true }
                }
            }
            for y in group.indices where hunks[y].side != edit.side && !hunks[y].hunk.ancestor.isEmpty && edit.interacts(with: hunks[y]) {
                let change = hunks[y].hunk
                // A deletion only matters inside the other side's rewrite: two deletions combine.
                if edit.hunk.side.isEmpty && change.side.isEmpty { continue }
                let nested = edit.hunk.isInsertion || Self.strictlyContains(change.ancestor, edit.hunk.ancestor)
                let typed = MergePiece(source: edit.side == .dominant ? .dominant : .subordinate, range: edit.hunk.side, origin: .ancestor)
                let left = MergePiece(source: hunks[y].side == .dominant ? .dominant : .subordinate, range: change.side, origin: .ancestor)
                if nested, let yield = policy.yieldToDeletion(of: edit.hunk.ancestor, inserting: typed, deletedBy: change.ancestor, leaving: left) {
                    yielded[x - first] = true
                    if yield == .reported { result.reportedYield = true }
                    continue
                }
                if nested, let unit = policy.survivingUnit(of: edit.hunk.ancestor, inserting: typed, deletedBy: change.ancestor) {
                    if unit.isEmpty, edit.hunk.isInsertion, !change.side.isEmpty,
                       policy.insertionBreaksLine(typed, insideRewrite: left) {
                        // Kept where it was typed, the insertion would land after the other side's
                        // rewrite, inside the last line the rewrite wrote.
                        result.conflict = true
                        continue
                    }
                    // Whole units deleted inside the other side's rewrite agree with it.
                    if unit.isEmpty || (edit.hunk.side.isEmpty && unit == edit.hunk.ancestor) { continue }
                    if change.ancestor.lowerBound <= unit.lowerBound && unit.upperBound <= change.ancestor.upperBound {
                        if change.side.isEmpty { survivingUnits[y - first].append(ElementSpan(unit)) } else { result.conflict = true }
                    } else {
                        // The other side's change cut through the unit: the edit yields, and
                        // what it typed is reported, never dropped without a word.
                        yielded[x - first] = true
                        if !edit.hunk.side.isEmpty { result.reportedYield = true }
                    }
                } else if !nested && !change.side.isEmpty && !Self.strictlyContains(edit.hunk.ancestor, change.ancestor) {
                    // (The other side's change nested in this one is examined from its side.)
                    result.conflict = true
                }
            }
        }
        guard !result.conflict else { return result }
        for index in group.indices where !yielded[index - first] {
            let sided = hunks[index]
            let units = survivingUnits[index - first]
            guard !units.isEmpty else {
                result.adjusted.append(sided)
                continue
            }
            // The deletion minus the surviving units.
            var start = sided.hunk.ancestor.lowerBound
            for unit in units.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if unit.lowerBound > start {
                    result.adjusted.append(SidedHunk(side: sided.side, hunk: DiffHunk(ancestor: start..<unit.lowerBound, side: sided.hunk.side)))
                }
                start = max(start, unit.upperBound)
            }
            if start < sided.hunk.ancestor.upperBound {
                result.adjusted.append(SidedHunk(
                    side: sided.side, hunk: DiffHunk(ancestor: start..<sided.hunk.ancestor.upperBound, side: sided.hunk.side)
                ))
            }
        }
        return result
    }

    /// One side's version of the group's ancestor range.
    private func version(of side: MergeSide, in group: Group) -> [MergePiece] {
        var pieces: [MergePiece] = []
        // At most a piece of the ancestor before each hunk, the hunk, and the ancestor after.
        pieces.reserveCapacity(2 * group.indices.count + 1)
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
    private func union(of members: some Collection<SidedHunk>, range: Range<Int>) -> [MergePiece] {
        var deleted: [ElementSpan] = []
        let deletions = members.compactMap { $0.hunk.ancestor.isEmpty ? nil : ElementSpan($0.hunk.ancestor) }
            .sorted { $0.lowerBound < $1.lowerBound }
        for range in deletions {
            if let last = deleted.last, last.upperBound >= range.lowerBound {
                deleted[deleted.count - 1].upperBound = max(last.upperBound, range.upperBound)
            } else {
                deleted.append(range)
            }
        }

        var insertions: [(position: Int, piece: MergePiece)] = []
        // Dominant insertions with the ancestor range they replace, to find identical twins; in
        // ancestor order, as the members are, so a twin is found by bisection.
        var dominantRanges: [(range: ElementSpan, insertion: Int)] = []
        func dominantTwin(of range: Range<Int>) -> Int? {
            var low = 0
            var high = dominantRanges.count
            while low < high {
                let middle = (low + high) / 2
                if dominantRanges[middle].range.lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            while low < dominantRanges.count, dominantRanges[low].range.lowerBound == range.lowerBound {
                if dominantRanges[low].range.upperBound == range.upperBound { return dominantRanges[low].insertion }
                low += 1
            }
            return nil
        }
        for sided in members where !sided.hunk.side.isEmpty {
            let hunk = sided.hunk
            if sided.side == .subordinate, let index = dominantTwin(of: hunk.ancestor),
               policy.sameContent([insertions[index].piece], [MergePiece(source: .subordinate, range: hunk.side, origin: .subordinate)]) {
                insertions[index].piece.origin = .both
                continue
            }
            let source: MergeSource = sided.side == .dominant ? .dominant : .subordinate
            let origin: MergeOrigin = sided.side == .dominant ? .dominant : .subordinate
            if sided.side == .dominant { dominantRanges.append((ElementSpan(hunk.ancestor), insertions.count)) }
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
        }.map { $0.element }

        var pieces: [MergePiece] = []
        var cursor = range.lowerBound
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
        keep(upTo: range.upperBound)
        return pieces
    }

    /// Drops an insertion that repeats the start or the end of the other side's insertion at the
    /// same position: both sides typed the same thing and one typed more, so the longer one
    /// alone is kept ("there " and "there my friend " give "there my friend ", "0" and "00" after
    /// "1" give "100" rather than "1000"). This extends "the same change is applied once".
    private func withoutRepeatedInsertions(_ insertions: [(position: Int, piece: MergePiece)]) -> [(position: Int, piece: MergePiece)] {
        guard insertions.count > 1 else { return insertions }
        var dropped = [Bool](repeating: false, count: insertions.count)
        // Runs of insertions at one position (arrays, not a Dictionary: see ``ElementSpan``).
        let byPosition = insertions.indices.sorted { (insertions[$0].position, $0) < (insertions[$1].position, $1) }
        var runStart = 0
        while runStart < byPosition.count {
            var runEnd = runStart + 1
            while runEnd < byPosition.count, insertions[byPosition[runEnd]].position == insertions[byPosition[runStart]].position { runEnd += 1 }
            let indices = byPosition[runStart..<runEnd]
            runStart = runEnd
            guard indices.count > 1 else { continue }
            for i in indices where insertions[i].piece.source == .dominant {
                for j in indices where insertions[j].piece.source == .subordinate {
                    let first = insertions[i].piece
                    let second = insertions[j].piece
                    let (shorter, longer, shorterIndex) = first.range.count <= second.range.count ? (first, second, i) : (second, first, j)
                    if repeatsAnEnd(shorter, longer) { dropped[shorterIndex] = true }
                }
            }
        }
        return insertions.enumerated().filter { !dropped[$0.offset] }.map { $0.element }
    }

    /// Whether `shorter`, strictly shorter than `longer`, repeats its start or its end whole
    /// (see ``withoutRepeatedInsertions(_:)``).
    private func repeatsAnEnd(_ shorter: MergePiece, _ longer: MergePiece) -> Bool {
        let length = shorter.range.count
        guard length > 0, length < longer.range.count else { return false }
        var prefix = longer
        prefix.range = longer.range.lowerBound..<(longer.range.lowerBound + length)
        var suffix = longer
        suffix.range = (longer.range.upperBound - length)..<longer.range.upperBound
        return (policy.sameContent([shorter], [prefix]) && policy.repeatsWhole(shorter, as: prefix, of: longer))
            || (policy.sameContent([shorter], [suffix]) && policy.repeatsWhole(shorter, as: suffix, of: longer))
    }

    /// Both sides' complete versions of a widened range, dominant first (a conflict), or one
    /// copy when they are equal or one of them holds the other whole (see
    /// ``ThreeWayMergePolicy/containingVersion(dominant:subordinate:range:)``).
    func widenedResolution(_ group: Group) -> Resolution {
        let dominantVersion = version(of: .dominant, in: group)
        let subordinateVersion = version(of: .subordinate, in: group)
        if policy.sameContent(dominantVersion, subordinateVersion) {
            return .pieces(dominantVersion.map { piece in
                var piece = piece
                if piece.origin == .dominant { piece.origin = .both }
                return piece
            })
        }
        switch policy.containingVersion(dominant: dominantVersion, subordinate: subordinateVersion, range: group.range) {
        case .dominant?: return .pieces(dominantVersion)
        case .subordinate?: return .pieces(subordinateVersion)
        case nil: break
        }
        let separator = policy.separator(dominant: dominantVersion, subordinate: subordinateVersion, range: group.range)
        return .conflict(dominant: dominantVersion, separator: separator, subordinate: subordinateVersion)
    }
}
