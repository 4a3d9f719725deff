extension TextBuffer {
    /// The text in `range` (UTF-8 offsets of ``text``), or `nil` when an end of the range is
    /// not at a character boundary of this buffer.
    public func text(inUTF8Range range: Range<Int>) -> String? {
        let start = position(atUTF8Offset: range.lowerBound)
        let end = position(atUTF8Offset: range.upperBound)
        guard utf8Offset(of: start) == range.lowerBound, utf8Offset(of: end) == range.upperBound else { return nil }
        return text(from: start, to: end)
    }

    /// Applies `edit` by its range and returns where its inserted text ends.
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> TextPosition {
        replace(from: position(atUTF8Offset: edit.utf8Offset), to: position(atUTF8Offset: edit.utf8Range.upperBound), with: edit.inserted)
    }
}
