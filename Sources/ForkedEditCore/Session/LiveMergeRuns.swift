import ForkedMerge

/// Turns a merge's segments into the coloured runs the live merge view shows: text inside a
/// true conflict (both forks changed it differently and both versions were kept) gets the
/// conflict colours. (Whole words are coloured when a line is drawn: ``RunLines/wholeWords(_:)``.)
enum LiveMergeRuns {
    static func make(_ result: TextMergeResult, dominant: Int) -> [OriginRun] {
        let runs = marked(result.segments, zones: zones(of: result.conflicts, dominant: dominant), dominant: dominant)
        return joined(withDeletions(runs, result.deletions, dominant: dominant))
    }

    /// `runs` with the deleted text shown where it was: a run is split where a deletion
    /// stood inside it.
    private static func withDeletions(_ runs: [OriginRun], _ deletions: [TextMergeDeletion], dominant: Int) -> [OriginRun] {
        guard !deletions.isEmpty else { return runs }
        var result: [OriginRun] = []
        result.reserveCapacity(runs.count + 2 * deletions.count)
        var next = 0
        var offset = 0
        func insertDeletions(upTo end: Int) {
            while next < deletions.count, deletions[next].utf8Offset <= end {
                result.append(OriginRun(text: deletions[next].text, origin: deletedOrigin(deletions[next].side, dominant: dominant)))
                next += 1
            }
        }
        for run in runs {
            let length = run.text.utf8.count
            var from = 0
            // Deletions at this run's start go before it; those inside split it.
            while next < deletions.count, deletions[next].utf8Offset < offset + length {
                let cut = deletions[next].utf8Offset - offset
                if cut > from {
                    result.append(OriginRun(text: String(run.text.utf8Slice(from, cut)), origin: run.origin))
                    from = cut
                }
                insertDeletions(upTo: offset + from)
            }
            result.append(from == 0 ? run : OriginRun(text: String(run.text.utf8Slice(from, length)), origin: run.origin))
            offset += length
        }
        insertDeletions(upTo: Int.max)
        return result
    }

    private static func deletedOrigin(_ side: TextMergeDeletion.Side, dominant: Int) -> MergeViewOrigin {
        switch side {
        case .both: .deletedByBoth
        case .dominant: dominant == 0 ? .deletedByLeft : .deletedByRight
        case .subordinate: dominant == 0 ? .deletedByRight : .deletedByLeft
        }
    }

    /// Where the merged text is in conflict, and in whose colour: where both versions were
    /// kept, the dominant fork's version (first) and then the other's, however the character
    /// diff attributed their letters; `nil` colours a segment's own fork as in conflict.
    private struct Zone {
        var range: Range<Int>
        var origin: MergeViewOrigin?
    }

    private static func zones(of conflicts: [TextMergeConflict], dominant: Int) -> [Zone] {
        conflicts.flatMap { conflict -> [Zone] in
            let range = conflict.utf8Range
            guard conflict.kept == .both else { return [Zone(range: range, origin: nil)] }
            let split = min(range.upperBound, range.lowerBound + conflict.dominant.utf8.count)
            return [
                Zone(range: range.lowerBound..<split, origin: conflicted(LiveMerge.origin(ofPane: dominant))),
                Zone(range: split..<range.upperBound, origin: conflicted(LiveMerge.origin(ofPane: 1 - dominant))),
            ].filter { !$0.range.isEmpty }
        }
    }

    /// The view's origin of each segment, split where a conflict zone starts or ends.
    private static func marked(_ segments: [TextMergeSegment], zones: [Zone], dominant: Int) -> [OriginRun] {
        var runs: [OriginRun] = []
        var offset = 0
        var next = 0
        for segment in segments where !segment.text.isEmpty {
            let origin = viewOrigin(segment.origin, dominant: dominant)
            let text = segment.text
            let length = text.utf8.count
            let end = offset + length
            while next < zones.count, zones[next].range.upperBound <= offset { next += 1 }
            var touching: [Zone] = []
            var index = next
            while index < zones.count, zones[index].range.lowerBound < end {
                touching.append(zones[index])
                index += 1
            }
            guard !touching.isEmpty else {
                // The usual case, a segment outside every conflict: kept as it is, not copied.
                runs.append(OriginRun(text: text, origin: origin))
                offset = end
                continue
            }
            var cuts = [0, length]
            for zone in touching {
                for bound in [zone.range.lowerBound, zone.range.upperBound] where bound > offset && bound < end { cuts.append(bound - offset) }
            }
            cuts = Array(Set(cuts)).sorted()
            for (from, to) in zip(cuts, cuts.dropFirst()) {
                let zone = touching.first { $0.range.lowerBound <= offset + from && offset + to <= $0.range.upperBound }
                let pieceOrigin = zone.map { $0.origin ?? conflicted(origin) } ?? origin
                runs.append(OriginRun(text: String(text.utf8Slice(from, to)), origin: pieceOrigin))
            }
            offset = end
        }
        return runs
    }

    private static func viewOrigin(_ origin: TextOrigin, dominant: Int) -> MergeViewOrigin {
        switch origin {
        case .ancestor: .unchanged
        case .both: .bothForks
        case .dominant: LiveMerge.origin(ofPane: dominant)
        case .subordinate: LiveMerge.origin(ofPane: 1 - dominant)
        }
    }

    private static func conflicted(_ origin: MergeViewOrigin) -> MergeViewOrigin {
        switch origin {
        case .leftFork: .conflictLeft
        case .rightFork: .conflictRight
        default: origin
        }
    }

    /// Adjacent runs of one origin as one.
    private static func joined(_ runs: [OriginRun]) -> [OriginRun] {
        var result: [OriginRun] = []
        for run in runs {
            if let last = result.last, last.origin == run.origin {
                result[result.count - 1].text += run.text
            } else {
                result.append(run)
            }
        }
        return result
    }
}
