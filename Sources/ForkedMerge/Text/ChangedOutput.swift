/// Where a merge done again differs from the one before it, so ``WordAudit`` reads only there.
///
/// A round of the audit grows both sides' hunks over the places it found and merges again:
/// everywhere else the merge makes the same pieces in the same order. The two piece lists are
/// walked side by side; a run of pieces that differ ends where both lists hold the same piece
/// of the ancestor again. The output ranges of differing pieces, of pieces that held a word the
/// last round found (it is read again), and ``WordUnits/window`` bytes around them (a word at a
/// seam may reach that far) are what the next round reads.
struct ChangedOutput {
    /// The previous round's pieces and their output offsets.
    let previous: [MergePiece]
    let previousOffsets: [Int]
    /// Which of the previous round's pieces lay in a reported conflict.
    let previousInConflict: [Bool]
    /// Output ranges of the previous round (sorted by start) holding the words it found.
    let flagged: [Range<Int>]

    /// The ranges of the new output (sorted, disjoint) where it may differ from the previous
    /// one in what the audit reads.
    func regions(of pieces: [MergePiece], offsets: [Int], inConflict: [Bool]) -> [Range<Int>] {
        var changed: [Range<Int>] = []
        func mark(_ range: Range<Int>) {
            let margin = 2 * WordUnits.window
            let widened = max(0, range.lowerBound - margin)..<(range.upperBound + margin)
            if let last = changed.last, last.upperBound >= widened.lowerBound {
                changed[changed.count - 1] = last.lowerBound..<max(last.upperBound, widened.upperBound)
            } else {
                changed.append(widened)
            }
        }
        var flaggedIndex = 0
        /// Whether the previous output's `range` overlaps a flagged word.
        func wasFlagged(_ range: Range<Int>) -> Bool {
            while flaggedIndex < flagged.count, flagged[flaggedIndex].upperBound <= range.lowerBound { flaggedIndex += 1 }
            return flaggedIndex < flagged.count && flagged[flaggedIndex].lowerBound < max(range.upperBound, range.lowerBound + 1)
        }
        var old = 0
        var new = 0
        while new < pieces.count {
            if old < previous.count, previous[old] == pieces[new] {
                // The same piece is read again where the last round found a word in it, or
                // where it entered or left a conflict.
                if wasFlagged(previousOffsets[old]..<previousOffsets[old + 1]) || previousInConflict[old] != inConflict[new] {
                    mark(offsets[new]..<offsets[new + 1])
                }
                old += 1
                new += 1
                continue
            }
            // The pieces differ from here: up to the next ancestor piece both lists hold.
            let start = new
            var resumed = false
            while new < pieces.count, !resumed {
                if pieces[new].source == .ancestor {
                    while old < previous.count,
                          previous[old].source != .ancestor || previous[old].range.lowerBound < pieces[new].range.lowerBound {
                        old += 1
                    }
                    if old < previous.count, previous[old] == pieces[new] {
                        resumed = true
                        continue
                    }
                }
                new += 1
            }
            mark(offsets[start]..<offsets[new])
            if !resumed { old = previous.count }
        }
        // Pieces the previous output had after the last of the new one's: its end changed.
        if old < previous.count { mark(offsets[pieces.count]..<offsets[pieces.count]) }
        return changed
    }
}
