/// What changed between two versions of a text, word by word: the two-way counterpart of
/// ``TextMerger``, for history views, `diff` output and compact deltas.
///
/// Both texts are cut into tokens (runs of word characters, runs of spaces, single line breaks,
/// single punctuation marks) and the token sequences are diffed with the same diff the merge
/// uses. A change therefore never starts or ends inside a word, and every offset falls on a
/// grapheme cluster boundary.
public struct TextDifference: Sendable, Equatable {
    /// One replaced region: `old` bytes of the old text became `new` bytes of the new text.
    public struct Change: Sendable, Equatable {
        /// The replaced UTF-8 range of the old text (empty for a pure insertion).
        public var old: Range<Int>
        /// The UTF-8 range of the new text in its place (empty for a pure deletion).
        public var new: Range<Int>

        /// Creates a change.
        public init(old: Range<Int>, new: Range<Int>) {
            self.old = old
            self.new = new
        }
    }

    /// How a run of text in ``segments`` relates to the two versions.
    public enum SegmentKind: Sendable, Hashable {
        /// In both versions.
        case kept
        /// Only in the new version.
        case inserted
        /// Only in the old version.
        case deleted
    }

    /// A maximal run of text of one kind, for colouring a difference.
    public struct Segment: Sendable, Equatable {
        /// The run's text.
        public var text: String
        /// Whether it was kept, inserted or deleted.
        public var kind: SegmentKind

        /// Creates a segment.
        public init(text: String, kind: SegmentKind) {
            self.text = text
            self.kind = kind
        }
    }

    /// The old text.
    public let old: String
    /// The new text.
    public let new: String
    /// The changed regions, in order, separated by unchanged text.
    public let changes: [Change]

    /// Computes what changed from `old` to `new`.
    public init(from old: String, to new: String) {
        self.old = old
        self.new = new
        changes = TextDifference.changes(from: Array(old.utf8), to: Array(new.utf8))
    }

    /// Old and new text interleaved: kept text once, each change as its deleted then its inserted text.
    public var segments: [Segment] {
        let oldBytes = Array(old.utf8)
        let newBytes = Array(new.utf8)
        var result: [Segment] = []
        func add(_ bytes: ArraySlice<UInt8>, _ kind: SegmentKind) {
            guard !bytes.isEmpty else { return }
            result.append(Segment(text: String(decoding: bytes, as: UTF8.self), kind: kind))
        }
        var position = 0
        for change in changes {
            add(oldBytes[position..<change.old.lowerBound], .kept)
            add(oldBytes[change.old], .deleted)
            add(newBytes[change.new], .inserted)
            position = change.old.upperBound
        }
        add(oldBytes[position...], .kept)
        return result
    }

    /// Characters (grapheme clusters) the new version adds.
    public var insertedCharacterCount: Int {
        let bytes = Array(new.utf8)
        return changes.reduce(0) { $0 + String(decoding: bytes[$1.new], as: UTF8.self).count }
    }

    /// Characters (grapheme clusters) the new version removes.
    public var deletedCharacterCount: Int {
        let bytes = Array(old.utf8)
        return changes.reduce(0) { $0 + String(decoding: bytes[$1.old], as: UTF8.self).count }
    }

    /// Token-level changes between two UTF-8 texts.
    static func changes(from old: [UInt8], to new: [UInt8]) -> [Change] {
        // Common ends are trimmed on bytes first and widened back to token boundaries, so a
        // keystroke in a long text costs a scan, not a diff of every token.
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                var prefix = CommonBytes.prefix(a, b)
                while prefix > 0, !TextTokens.isBoundary(a, at: prefix) || !TextTokens.isBoundary(b, at: prefix) {
                    prefix -= 1
                }
                let limit = min(a.count, b.count) - prefix
                var suffix = CommonBytes.suffix(a, b, limit: limit)
                while suffix > 0, !TextTokens.isBoundary(a, at: a.count - suffix) || !TextTokens.isBoundary(b, at: b.count - suffix) {
                    suffix -= 1
                }
                let oldRange = prefix..<(a.count - suffix)
                let newRange = prefix..<(b.count - suffix)
                if oldRange.isEmpty && newRange.isEmpty { return [] }
                if oldRange.isEmpty || newRange.isEmpty { return [Change(old: oldRange, new: newRange)] }
                let oldStarts = TextTokens.starts(a, in: oldRange)
                let newStarts = TextTokens.starts(b, in: newRange)
                var interner = ByteSliceInterner(buffers: [a, b], expectedCount: oldStarts.count + newStarts.count)
                let oldIDs = (0..<(oldStarts.count - 1)).map { interner.id(buffer: 0, range: oldStarts[$0]..<oldStarts[$0 + 1]) }
                let newIDs = (0..<(newStarts.count - 1)).map { interner.id(buffer: 1, range: newStarts[$0]..<newStarts[$0 + 1]) }
                let changes = SequenceDiff.hunks(oldIDs, newIDs).map { hunk in
                    Change(
                        old: oldStarts[hunk.ancestor.lowerBound]..<oldStarts[hunk.ancestor.upperBound],
                        new: newStarts[hunk.side.lowerBound]..<newStarts[hunk.side.upperBound]
                    )
                }
                return LineAlignment.aligned(changes, old: a, new: b)
            }
        }
    }
}

/// Cuts UTF-8 text into diff tokens without ever splitting a grapheme cluster.
enum TextTokens {
    private enum Kind { case word, space, lineBreak, punctuation }

    private static func kind(_ byte: UInt8) -> Kind {
        switch byte {
        case 0x0A: .lineBreak
        case 0x20, 0x09, 0x0D: .space
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...: .word
        default: .punctuation
        }
    }

    /// Whether a token may start at `position`: never inside `\r\n` or a UTF-8 sequence, never
    /// before a scalar that extends the previous cluster (a combining mark, a joiner, a skin tone),
    /// and before other non-ASCII text only after a space or punctuation.
    static func isBoundary(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position > 0, position < bytes.count else { return true }
        let before = bytes[position - 1]
        let after = bytes[position]
        if before == 0x0D && after == 0x0A { return false }
        if after >= 0x80 {
            guard after >= 0xC0, before < 0x80, kind(before) != .word, let scalar = scalar(bytes, at: position) else { return false }
            let properties = scalar.properties
            return !(properties.isGraphemeExtend || properties.isEmojiModifier || scalar.value == 0x200D
                || properties.generalCategory == .spacingMark)
        }
        switch (kind(before), kind(after)) {
        case (.word, .word), (.space, .space): return false
        default: return true
        }
    }

    /// The scalar whose UTF-8 lead byte is at `position`, if the sequence is complete.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Unicode.Scalar? {
        let lead = bytes[position]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard position + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[position + offset] & 0x3F) }
        return Unicode.Scalar(value)
    }

    /// Start offsets of the tokens in `range`, followed by its end.
    static func starts(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [Int] {
        var starts = [range.lowerBound]
        var position = range.lowerBound + 1
        while position < range.upperBound {
            if isBoundary(bytes, at: position) { starts.append(position) }
            position += 1
        }
        if range.upperBound > range.lowerBound { starts.append(range.upperBound) }
        return starts
    }
}
