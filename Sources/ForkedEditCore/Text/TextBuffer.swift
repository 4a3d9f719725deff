/// Editable text held as lines, so an edit touches only the lines it changes.
///
/// Line breaks are `"\n"`; the buffer always has at least one (possibly empty) line.
/// Columns are grapheme-cluster indices (see ``TextPosition``).
public struct TextBuffer: Sendable, Equatable {
    /// The lines, without their line breaks.
    public private(set) var lines: [String]
    /// Per line, whether it holds printable ASCII only: there a grapheme is a byte and a display
    /// column, so finding a column is arithmetic instead of a walk over the line (a keystroke at
    /// the end of a 1 MB line would otherwise walk the megabyte several times).
    private var plainLines: [Bool]

    /// Creates a buffer holding `text`, splitting it at `"\n"`.
    public init(text: String = "") {
        lines = TextBuffer.splitLines(text)
        plainLines = lines.map(TextBuffer.isPlainASCII)
    }

    /// Whether every byte of `text` is printable ASCII (space to tilde).
    static func isPlainASCII(_ text: some StringProtocol) -> Bool {
        let plain: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            // The smallest and largest byte, without branches: a loop the compiler vectorises,
            // many times faster on a long line than testing byte by byte with an early exit.
            var smallest = UInt8.max
            var largest = UInt8.min
            for byte in bytes {
                smallest = Swift.min(smallest, byte)
                largest = Swift.max(largest, byte)
            }
            return bytes.isEmpty || (smallest >= 0x20 && largest < 0x7F)
        }
        return plain ?? text.utf8.allSatisfy { ($0 &- 0x20) < 0x5F }
    }

    /// Whether line `number` holds printable ASCII only (so columns are byte offsets).
    public func isPlainASCII(line number: Int) -> Bool {
        plainLines.indices.contains(number) && plainLines[number]
    }

    /// The whole text, lines joined with `"\n"`.
    public var text: String { lines.joined(separator: "\n") }

    /// Number of lines (at least one).
    public var lineCount: Int { lines.count }

    /// Splits at `"\n"` bytes; scanning UTF-8 is far faster than walking characters.
    static func splitLines(_ text: String) -> [String] {
        var result: [String] = []
        var start = 0
        ByteScanning.forEachNewline(in: text) { offset in
            result.append(String(text.utf8Slice(start, offset)))
            start = offset + 1
            return true
        }
        result.append(String(text.utf8Slice(start, text.utf8.count)))
        return result
    }

    /// Number of grapheme clusters in a line (0 for a line that does not exist).
    public func characterCount(inLine line: Int) -> Int {
        guard lines.indices.contains(line) else { return 0 }
        return plainLines[line] ? lines[line].utf8.count : lines[line].count
    }

    /// The nearest valid position to `position`.
    public func clamped(_ position: TextPosition) -> TextPosition {
        let line = min(max(0, position.line), lines.count - 1)
        let column = min(max(0, position.column), characterCount(inLine: line))
        return TextPosition(line: line, column: column)
    }

    /// The position after the last character.
    public var endPosition: TextPosition {
        TextPosition(line: lines.count - 1, column: characterCount(inLine: lines.count - 1))
    }

    /// The position one character before `position`, crossing to the end of the previous line.
    public func position(before position: TextPosition) -> TextPosition? {
        if position.column > 0 { return TextPosition(line: position.line, column: position.column - 1) }
        if position.line > 0 { return TextPosition(line: position.line - 1, column: characterCount(inLine: position.line - 1)) }
        return nil
    }

    /// The position one character after `position`, crossing to the start of the next line.
    public func position(after position: TextPosition) -> TextPosition? {
        if position.column < characterCount(inLine: position.line) {
            return TextPosition(line: position.line, column: position.column + 1)
        }
        if position.line + 1 < lines.count { return TextPosition(line: position.line + 1, column: 0) }
        return nil
    }

    /// The text between two positions (in either order).
    public func text(from start: TextPosition, to end: TextPosition) -> String {
        let (first, last) = start <= end ? (clamped(start), clamped(end)) : (clamped(end), clamped(start))
        if first.line == last.line {
            let line = lines[first.line]
            return String(line[index(first.column, inLine: first.line)..<index(last.column, inLine: last.line)])
        }
        var pieces: [Substring] = []
        let firstLine = lines[first.line]
        pieces.append(firstLine[index(first.column, inLine: first.line)...])
        for middle in (first.line + 1)..<last.line { pieces.append(lines[middle][...]) }
        let lastLine = lines[last.line]
        pieces.append(lastLine[..<index(last.column, inLine: last.line)])
        return pieces.joined(separator: "\n")
    }

    /// Replaces the text between two positions with `replacement` (which may contain line
    /// breaks) and returns where the inserted text ends.
    ///
    /// The end is counted in grapheme clusters of the resulting line, so inserting a
    /// combining mark after its base leaves the cursor right after the combined character.
    @discardableResult
    public mutating func replace(from start: TextPosition, to end: TextPosition, with replacement: String) -> TextPosition {
        let (first, last) = start <= end ? (clamped(start), clamped(end)) : (clamped(end), clamped(start))
        let firstLine = lines[first.line]
        let lastLine = lines[last.line]
        let prefix = firstLine[..<index(first.column, inLine: first.line)]
        let suffix = lastLine[index(last.column, inLine: last.line)...]
        var newLines = TextBuffer.splitLines(replacement)
        var newPlain = newLines.map(TextBuffer.isPlainASCII)
        // The ends keep part of an old line: plain when that line was, else checked.
        newPlain[0] = newPlain[0] && (plainLines[first.line] || TextBuffer.isPlainASCII(prefix))
        newPlain[newLines.count - 1] = newPlain[newLines.count - 1] && (plainLines[last.line] || TextBuffer.isPlainASCII(suffix))
        let lastInserted = newLines[newLines.count - 1]
        newLines[0] = String(prefix) + newLines[0]
        // Counted on the resulting line (a combining mark joins the character before it),
        // except on plain ASCII, where every byte is a character.
        let endColumn = newPlain[newLines.count - 1]
            ? (newLines.count == 1 ? first.column : 0) + lastInserted.utf8.count
            : newLines[newLines.count - 1].count
        newLines[newLines.count - 1] += suffix
        lines.replaceSubrange(first.line...last.line, with: newLines)
        plainLines.replaceSubrange(first.line...last.line, with: newPlain)
        return clamped(TextPosition(line: first.line + newLines.count - 1, column: endColumn))
    }

    /// The string index of grapheme `column` in `line`, clamped to its end.
    func index(_ column: Int, in line: String) -> String.Index {
        line.index(line.startIndex, offsetBy: column, limitedBy: line.endIndex) ?? line.endIndex
    }

    /// The string index of grapheme `column` in line `number`, clamped to its end.
    public func index(_ column: Int, inLine number: Int) -> String.Index {
        let line = lines[number]
        guard plainLines[number] else { return index(column, in: line) }
        return line.utf8.index(line.startIndex, offsetBy: min(max(0, column), line.utf8.count))
    }

    /// The display column at which `position`'s character starts (see ``TextColumns``).
    public func displayColumn(of position: TextPosition) -> Int {
        guard lines.indices.contains(position.line) else { return 0 }
        if plainLines[position.line] { return min(max(0, position.column), lines[position.line].utf8.count) }
        return TextColumns.displayColumn(ofCharacter: position.column, in: lines[position.line])
    }

    /// The character of line `number` whose cell covers display column `target`, or the line's
    /// length when it is shorter (see ``TextColumns/character(atDisplayColumn:in:)``).
    public func column(atDisplayColumn target: Int, inLine number: Int) -> Int {
        guard lines.indices.contains(number) else { return 0 }
        if plainLines[number] { return min(max(0, target), lines[number].utf8.count) }
        return TextColumns.character(atDisplayColumn: target, in: lines[number])
    }

    // MARK: UTF-8 offsets, used to carry positions through merges

    /// The UTF-8 offset of `position` in ``text``.
    public func utf8Offset(of position: TextPosition) -> Int {
        let position = clamped(position)
        var offset = 0
        for line in lines[..<position.line] { offset += line.utf8.count + 1 }
        if plainLines[position.line] { return offset + position.column }
        let line = lines[position.line]
        return offset + line.utf8.distance(from: line.startIndex, to: index(position.column, in: line))
    }

    /// The position at a UTF-8 offset in ``text``, moved back to the start of the grapheme
    /// cluster it falls in; offsets past the end give ``endPosition``.
    public func position(atUTF8Offset offset: Int) -> TextPosition {
        var remaining = max(0, offset)
        for (number, line) in lines.enumerated() {
            let length = line.utf8.count
            if remaining <= length {
                if plainLines[number] { return TextPosition(line: number, column: remaining) }
                let target = line.utf8.index(line.startIndex, offsetBy: remaining)
                var column = 0
                var index = line.startIndex
                while index < line.endIndex {
                    let next = line.index(after: index)
                    if next > target { break }
                    index = next
                    column += 1
                }
                return TextPosition(line: number, column: column)
            }
            remaining -= length + 1
        }
        return endPosition
    }
}
