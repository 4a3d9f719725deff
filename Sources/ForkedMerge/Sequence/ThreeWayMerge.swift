/// The three-way sequence merge shared by text and arrays.
///
/// It walks the ancestor once with both sides' hunks. Ancestor elements outside every hunk are
/// kept; a hunk no hunk of the other side interacts with is applied as it is; interacting hunks
/// form a conflict group, resolved as follows:
/// - identical versions on both sides are applied once;
/// - otherwise the union is taken: every deletion applied, every insertion kept as one
///   contiguous run, the dominant side's first where both insert at one position;
/// - the policy may reject the union (text does, for character-level blends); the group is then
///   widened to the range the policy names and both sides' versions of it are kept, dominant first.
///
/// Positions are element offsets, so the same code serves any element type: the policy is
/// the only part that looks at elements.
///
/// The policy is an existential, not a generic parameter: it is consulted once per group, so
/// its calls cost nothing measurable, while a generic `ThreeWayMerge<TextMergePolicy>` made
/// every merge driver process look up that conformance at run time by scanning every
/// conformance record of the binary (its metadata is needed to destroy the merge value).
struct ThreeWayMerge {
    let ancestorCount: Int
    let policy: any ThreeWayMergePolicy
    /// Both sides' hunks in ancestor order (see ``SidedHunk/precedes(_:_:)``).
    let hunks: [SidedHunk]

    /// Prepares a merge of two sides' hunks (each sorted and coalesced) over an ancestor of
    /// `ancestorCount` elements.
    init(ancestorCount: Int, dominant: [DiffHunk], subordinate: [DiffHunk], policy: any ThreeWayMergePolicy) {
        self.ancestorCount = ancestorCount
        self.policy = policy
        var all: [SidedHunk] = []
        all.reserveCapacity(dominant.count + subordinate.count)
        var d = 0
        var s = 0
        while d < dominant.count || s < subordinate.count {
            let nextDominant = d < dominant.count ? SidedHunk(side: .dominant, hunk: dominant[d]) : nil
            let nextSubordinate = s < subordinate.count ? SidedHunk(side: .subordinate, hunk: subordinate[s]) : nil
            if let nextDominant, nextSubordinate.map({ SidedHunk.precedes(nextDominant, $0) }) ?? true {
                all.append(nextDominant)
                d += 1
            } else if let nextSubordinate {
                all.append(nextSubordinate)
                s += 1
            }
        }
        hunks = all
    }

    /// Hunks resolved together: a contiguous run of ``hunks`` and the ancestor range it replaces.
    struct Group {
        var indices: Range<Int>
        var range: Range<Int>
    }

    /// A resolved group's place in the output, kept so a later widening can take it back.
    ///
    /// Plain numbers only: a merge keeps one record per group, thousands for a long text, and
    /// records holding their conflicts' arrays made them large and copied through value witnesses.
    /// Storage for the pieces of one merge to the next (see ``ReusedArrays``); a caller done
    /// with a merge's pieces gives them back here.
    static let pieceArrays = ReusedArrays<MergePiece>()
    private static let recordArrays = ReusedArrays<Record>()

    private struct Record {
        var group: Group
        var outputStart: Int
        var cursorBefore: Int
        /// Whether the group kept both sides' versions; its conflict is then the last one listed
        /// when the record was appended.
        var hasConflict: Bool
    }

    /// A true conflict in the output and the ancestor range of the group that kept it.
    private struct ConflictRecord {
        var span: MergeConflictSpan
        var groupRange: Range<Int>
    }

    func members(_ group: Group) -> ArraySlice<SidedHunk> { hunks[group.indices] }

    private func touches(_ group: Group, _ range: Range<Int>) -> Bool {
        members(group).contains { $0.touches(range) }
    }

    private func joined(_ first: Group, _ second: Group) -> Group {
        Group(
            indices: min(first.indices.lowerBound, second.indices.lowerBound)..<max(first.indices.upperBound, second.indices.upperBound),
            range: min(first.range.lowerBound, second.range.lowerBound)..<max(first.range.upperBound, second.range.upperBound)
        )
    }

    /// The group starting at hunk `start`: hunks chained by interaction with the other side.
    private func group(startingAt start: Int) -> Group {
        var lastDominant: SidedHunk? = nil
        var lastSubordinate: SidedHunk? = nil
        var range = hunks[start].hunk.ancestor
        var end = start
        while end < hunks.count {
            let hunk = hunks[end]
            if end > start {
                let lastOther = hunk.side == .dominant ? lastSubordinate : lastDominant
                guard let lastOther, hunk.interacts(with: lastOther) else { break }
                range = min(range.lowerBound, hunk.hunk.ancestor.lowerBound)..<max(range.upperBound, hunk.hunk.ancestor.upperBound)
            }
            if hunk.side == .dominant { lastDominant = hunk } else { lastSubordinate = hunk }
            end += 1
        }
        return Group(indices: start..<end, range: range)
    }

    /// Returns the merged sequence as pieces of the ancestor, the sides and separators.
    func pieces() -> [MergePiece] { merged().pieces }

    /// Returns the merged sequence as pieces, with the true conflicts in it: the places where
    /// both sides changed the same elements differently and both versions were kept.
    func merged() -> ThreeWayMergeOutput {
        var output = Self.pieceArrays.take(capacity: hunks.count * 2 + 1)
        var records = Self.recordArrays.take(capacity: hunks.count)
        var conflicts: [ConflictRecord] = []
        var cursor = 0
        var index = 0
        while index < hunks.count {
            var current = group(startingAt: index)
            index = current.indices.upperBound
            var resolution = resolve(current)
            while true {
                if case .conflict = resolution, let previousRange = conflicts.last?.groupRange,
                   let joined = policy.joinedConflicts(previousRange, current.range) {
                    // Two conflicts too close together to read apart: one conflict over both.
                    resolution = .widen(joined)
                }
                guard case .widen(let wanted) = resolution else { break }
                var target = wanted
                // Absorb neighbours reaching into the widened range, then widen again until stable.
                while true {
                    while let last = records.last, touches(last.group, target) || last.group.range.overlaps(target) {
                        current = joined(last.group, current)
                        output.removeSubrange(last.outputStart...)
                        cursor = last.cursorBefore
                        if last.hasConflict { conflicts.removeLast() }
                        records.removeLast()
                    }
                    while index < hunks.count {
                        let next = group(startingAt: index)
                        guard touches(next, target) else { break }
                        current = joined(current, next)
                        index = next.indices.upperBound
                    }
                    let covering = min(target.lowerBound, current.range.lowerBound)..<max(target.upperBound, current.range.upperBound)
                    let again = policy.widened(covering)
                    let rewidened = min(again.lowerBound, covering.lowerBound)..<max(again.upperBound, covering.upperBound)
                    if rewidened == target { break }
                    target = rewidened
                }
                current.range = target
                resolution = widenedResolution(current)
            }
            let outputStart = output.count
            let cursorBefore = cursor
            if current.range.lowerBound > cursor {
                output.append(MergePiece(source: .ancestor, range: cursor..<current.range.lowerBound, origin: .ancestor))
            }
            // Conflicts are appended where they are made: an optional conflict held for every
            // group was copied and destroyed through its value witnesses thousands of times.
            var hasConflict = false
            switch resolution {
            case .single(let piece): output.append(piece)
            case .pieces(let list): output.append(contentsOf: list)
            case .conflict(let dominant, let separator, let subordinate):
                let dominantStart = output.count
                output.append(contentsOf: dominant)
                let dominantEnd = output.count
                if let separator { output.append(separator) }
                let subordinateStart = output.count
                output.append(contentsOf: subordinate)
                conflicts.append(ConflictRecord(
                    span: MergeConflictSpan(
                        ancestor: current.range, dominant: dominantStart..<dominantEnd, subordinate: subordinateStart..<output.count
                    ),
                    groupRange: current.range
                ))
                hasConflict = true
            case .yielded(let list, let dominant, let subordinate):
                let start = output.count
                output.append(contentsOf: list)
                conflicts.append(ConflictRecord(
                    span: MergeConflictSpan(
                        ancestor: current.range, dominant: start..<output.count, subordinate: output.count..<output.count,
                        yielded: YieldedVersions(dominant: dominant, subordinate: subordinate)
                    ),
                    groupRange: current.range
                ))
                hasConflict = true
            case .widen, .nothing: break
            }
            cursor = max(cursor, current.range.upperBound)
            records.append(Record(group: current, outputStart: outputStart, cursorBefore: cursorBefore, hasConflict: hasConflict))
        }
        if cursor < ancestorCount {
            output.append(MergePiece(source: .ancestor, range: cursor..<ancestorCount, origin: .ancestor))
        }
        Self.recordArrays.give(consume records)
        return ThreeWayMergeOutput(pieces: output, conflicts: conflicts.map(\.span))
    }
}

/// A true conflict in a merge's output: both sides' versions of an ancestor range, kept one
/// after the other (dominant first, a separator possibly between them).
struct MergeConflictSpan: Equatable, Sendable {
    /// The ancestor range both sides changed.
    var ancestor: Range<Int>
    /// Indices of the dominant version's pieces in the output.
    var dominant: Range<Int>
    /// Indices of the subordinate version's pieces in the output.
    var subordinate: Range<Int>
    /// Set when one side's edit yielded to the other side's deletion: the output (`dominant`'s
    /// pieces, `subordinate` empty) holds the merge, these are the two versions it replaced.
    var yielded: YieldedVersions? = nil
}

/// Both sides' versions of a range where an edit yielded to the other side's deletion.
struct YieldedVersions: Equatable, Sendable {
    var dominant: [MergePiece]
    var subordinate: [MergePiece]
}

/// The merged pieces and the conflicts among them.
struct ThreeWayMergeOutput {
    var pieces: [MergePiece]
    var conflicts: [MergeConflictSpan]
}

