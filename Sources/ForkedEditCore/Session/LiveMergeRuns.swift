import ForkedMerge

/// Turns a merge's segments into the coloured runs the live merge view shows.
///
/// Two things make the colours read as a person thinks of the change: text inside a true
/// conflict (both forks changed it differently and both versions were kept) gets the
/// conflict colours, and a change inside a word colours the whole word, not the letters the
/// character diff happened to find (`cat` → `cart` shows `cart`, not `r`, in the fork's colour).
enum LiveMergeRuns {
    static func make(_ result: TextMergeResult, dominant: Int) -> [OriginRun] {
        let pieces = marked(result.segments, conflicts: result.conflicts.map(\.utf8Range), dominant: dominant)
        return wholeWords(joined(pieces))
    }

    /// The view's origin of each segment, split where a conflict starts or ends.
    private static func marked(_ segments: [TextMergeSegment], conflicts: [Range<Int>], dominant: Int) -> [OriginRun] {
        var runs: [OriginRun] = []
        var offset = 0
        var next = 0
        for segment in segments where !segment.text.isEmpty {
            let origin = viewOrigin(segment.origin, dominant: dominant)
            let text = segment.text
            let length = text.utf8.count
            // Cut points inside this segment: the conflicts' starts and ends.
            var cuts: [Int] = [0]
            while next < conflicts.count, conflicts[next].upperBound <= offset { next += 1 }
            var index = next
            while index < conflicts.count, conflicts[index].lowerBound < offset + length {
                for bound in [conflicts[index].lowerBound, conflicts[index].upperBound] where bound > offset && bound < offset + length {
                    cuts.append(bound - offset)
                }
                index += 1
            }
            cuts.append(length)
            for (from, to) in zip(cuts, cuts.dropFirst()) where from < to {
                let inConflict = conflicts[next...].contains { $0.lowerBound <= offset + from && offset + to <= $0.upperBound }
                runs.append(OriginRun(text: String(text.utf8Slice(from, to)), origin: inConflict ? conflicted(origin) : origin))
            }
            offset += length
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

    /// Gives a changed run the rest of any word it starts or ends inside, taken from the
    /// unchanged runs around it.
    private static func wholeWords(_ runs: [OriginRun]) -> [OriginRun] {
        var runs = runs
        for index in runs.indices where runs[index].origin != .unchanged {
            if index > 0, runs[index - 1].origin == .unchanged,
               let first = runs[index].text.first, isWordCharacter(first),
               let last = runs[index - 1].text.last, isWordCharacter(last) {
                let before = runs[index - 1].text
                let wordStart = before.lastIndex { !isWordCharacter($0) }.map { before.index(after: $0) } ?? before.startIndex
                runs[index].text = String(before[wordStart...]) + runs[index].text
                runs[index - 1].text = String(before[..<wordStart])
            }
            if index + 1 < runs.count, runs[index + 1].origin == .unchanged,
               let last = runs[index].text.last, isWordCharacter(last),
               let first = runs[index + 1].text.first, isWordCharacter(first) {
                let after = runs[index + 1].text
                let wordEnd = after.firstIndex { !isWordCharacter($0) } ?? after.endIndex
                runs[index].text += after[..<wordEnd]
                runs[index + 1].text = String(after[wordEnd...])
            }
        }
        return joined(runs.filter { !$0.text.isEmpty })
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
