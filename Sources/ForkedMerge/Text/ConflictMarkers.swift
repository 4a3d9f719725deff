/// Git-style conflict markers around the true conflicts of a merged text.
extension TextMergeReport {
    /// The merged text with every conflict written as git writes one: the lines holding it,
    /// in the dominant side's version between `<<<<<<< dominantLabel` and `=======`, then in the
    /// subordinate side's version up to `>>>>>>> subordinateLabel`. Everything merged cleanly
    /// on those lines appears in both versions, so only the conflicting words differ.
    ///
    /// Conflicts that share a line are written as one block. `markerSize` is the length of each
    /// marker (git's `%L`, 7 by default).
    public func withConflictMarkers(dominantLabel: String, subordinateLabel: String, markerSize: Int = 7) -> ConflictMarkedText {
        guard !conflicts.isEmpty else { return ConflictMarkedText(text: text, blockLines: []) }
        let bytes = Array(text.utf8)
        let size = max(1, markerSize)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + conflicts.count * (3 * size + 64))
        var blockLines: [Int] = []
        var lineNumber = 1
        var cursor = 0
        func emit<S: Sequence>(_ part: S) where S.Element == UInt8 {
            for byte in part {
                output.append(byte)
                if byte == 0x0A { lineNumber += 1 }
            }
        }
        // Markers end their lines as the text's lines end (as git does), so a CRLF file keeps
        // one kind of line break.
        let textUsesCRLF = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
        var lineBreak: [UInt8] = [0x0A]
        func emitVersion(_ version: [UInt8]) {
            emit(version)
            if let last = version.last, last != 0x0A { emit(lineBreak) }
        }
        var index = 0
        while index < conflicts.count {
            let start = Self.lineStart(bytes, conflicts[index].utf8Range.lowerBound)
            var end = Self.lineEnd(bytes, conflicts[index].utf8Range.upperBound)
            var last = index
            // Conflicts whose lines overlap go in one block.
            while last + 1 < conflicts.count, conflicts[last + 1].utf8Range.lowerBound < end {
                last += 1
                end = max(end, Self.lineEnd(bytes, conflicts[last].utf8Range.upperBound))
            }
            var dominant: [UInt8] = []
            var subordinate: [UInt8] = []
            var position = start
            for conflict in conflicts[index...last] {
                dominant += bytes[position..<conflict.utf8Range.lowerBound]
                subordinate += bytes[position..<conflict.utf8Range.lowerBound]
                dominant += Array(conflict.dominant.utf8)
                subordinate += Array(conflict.subordinate.utf8)
                position = conflict.utf8Range.upperBound
            }
            dominant += bytes[position..<end]
            subordinate += bytes[position..<end]
            let blockEndsWithLineFeed = end > start && bytes[end - 1] == 0x0A
            let blockUsesCRLF = blockEndsWithLineFeed ? end - start > 1 && bytes[end - 2] == 0x0D : textUsesCRLF
            lineBreak = blockUsesCRLF ? [0x0D, 0x0A] : [0x0A]
            emit(bytes[cursor..<start])
            blockLines.append(lineNumber)
            emit(Array(repeating: UInt8(ascii: "<"), count: size) + Array(" \(dominantLabel)".utf8) + lineBreak)
            emitVersion(dominant)
            emit(Array(repeating: UInt8(ascii: "="), count: size) + lineBreak)
            emitVersion(subordinate)
            emit(Array(repeating: UInt8(ascii: ">"), count: size) + Array(" \(subordinateLabel)".utf8) + lineBreak)
            cursor = end
            index = last + 1
        }
        emit(bytes[cursor...])
        return ConflictMarkedText(text: String(decoding: output, as: UTF8.self), blockLines: blockLines)
    }

    /// Start of the line holding `position`.
    private static func lineStart(_ bytes: [UInt8], _ position: Int) -> Int {
        var start = position
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// End of the line on which a range ending at `position` ends: `position` itself when the
    /// range ends with a line feed, else after the next line feed (or the end of the text).
    private static func lineEnd(_ bytes: [UInt8], _ position: Int) -> Int {
        if position > 0, bytes[position - 1] == 0x0A { return position }
        var end = position
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return min(bytes.count, end + 1)
    }
}

/// A merged text with conflict markers, and where each marked block starts.
public struct ConflictMarkedText: Sendable, Equatable {
    /// The text with markers.
    public var text: String
    /// The 1-based line of each block's opening marker, in order.
    public var blockLines: [Int]

    /// Creates a marked text.
    public init(text: String, blockLines: [Int]) {
        self.text = text
        self.blockLines = blockLines
    }
}
