extension TextDifference {
    /// One line as a word diff shows it: kept, deleted and inserted runs, without its line break.
    public typealias DisplayLine = [Segment]

    /// A run of lines around changes, as `git diff --word-diff` prints one: where it is in
    /// both versions (1-based line numbers and counts, as in an `@@ -a,b +c,d @@` header) and
    /// its lines.
    public struct Hunk: Sendable, Equatable {
        /// First line of the old version it covers (the line before, when it covers none).
        public var oldStart: Int
        /// Lines of the old version it covers.
        public var oldCount: Int
        /// First line of the new version it covers (the line before, when it covers none).
        public var newStart: Int
        /// Lines of the new version it covers.
        public var newCount: Int
        /// The lines, changed ones with up to the context's number of unchanged lines around them.
        public var lines: [DisplayLine]

        /// The `@@ -a,b +c,d @@` header.
        public var header: String { "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@" }
    }

    /// The changes grouped into hunks with `context` unchanged lines around each change;
    /// changes whose context touches share a hunk.
    public func hunks(context: Int) -> [Hunk] {
        let lines = displayLines()
        let changed = lines.indices.filter { lines[$0].isChanged }
        guard !changed.isEmpty else { return [] }
        let context = max(0, context)
        var windows: [ClosedRange<Int>] = []
        for index in changed {
            let window = max(0, index - context)...min(lines.count - 1, index + context)
            // Windows that meet share a hunk, also where they meet in a line the change split or
            // joined (both would name it).
            if let last = windows.last, window.lowerBound <= last.upperBound + 1
                || lines[window.lowerBound].oldLine < lines[last.upperBound].oldEnd
                || lines[window.lowerBound].newLine < lines[last.upperBound].newEnd {
                windows[windows.count - 1] = last.lowerBound...max(last.upperBound, window.upperBound)
            } else {
                windows.append(window)
            }
        }
        return windows.map { window in
            let first = lines[window.lowerBound]
            let last = lines[window.upperBound]
            let oldCount = last.oldEnd - first.oldLine
            let newCount = last.newEnd - first.newLine
            return Hunk(
                oldStart: oldCount == 0 ? first.oldLine : first.oldLine + 1, oldCount: oldCount,
                newStart: newCount == 0 ? first.newLine : first.newLine + 1, newCount: newCount,
                lines: lines[window].map(\.segments)
            )
        }
    }

    /// A display line with the line numbers it starts at and ends before, in both versions.
    private struct NumberedLine {
        var segments: DisplayLine = []
        var oldLine = 0
        var newLine = 0
        var oldEnd = 0
        var newEnd = 0
        var isChanged: Bool { segments.contains { $0.kind != .kept } }
    }

    /// ``segments`` cut at every line break (kept, deleted or inserted), each line numbered.
    private func displayLines() -> [NumberedLine] {
        var lines: [NumberedLine] = []
        var current = NumberedLine()
        var (oldLine, newLine) = (0, 0)
        // Whether the version's current line has begun: a line split or joined by the change
        // spans display lines, and each of them covers it.
        var (oldOpen, newOpen) = (false, false)
        func add(_ text: Substring, _ kind: SegmentKind) {
            guard !text.isEmpty else { return }
            current.segments.append(Segment(text: String(text), kind: kind))
            if kind != .inserted { oldOpen = true }
            if kind != .deleted { newOpen = true }
        }
        func close() {
            current.oldEnd = oldLine + (oldOpen ? 1 : 0)
            current.newEnd = newLine + (newOpen ? 1 : 0)
        }
        for segment in segments {
            var pieces = segment.text.split(separator: "\n", omittingEmptySubsequences: false)
            let last = pieces.removeLast()
            for piece in pieces {
                add(piece, segment.kind)
                if segment.kind != .kept, current.segments.last?.kind != segment.kind {
                    // A line break deleted or inserted on its own (lines joined or split, a blank
                    // line): an empty run of that kind says so where nothing else on the line does.
                    current.segments.append(Segment(text: "", kind: segment.kind))
                }
                if segment.kind != .inserted { (oldLine, oldOpen) = (oldLine + 1, false) }
                if segment.kind != .deleted { (newLine, newOpen) = (newLine + 1, false) }
                close()
                lines.append(current)
                current = NumberedLine(oldLine: oldLine, newLine: newLine)
            }
            add(last, segment.kind)
        }
        if !current.segments.isEmpty {
            close()
            lines.append(current)
        }
        return lines
    }
}
