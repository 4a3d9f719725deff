/// Character-level diff of a small changed region, with hunks placed where a person would put them.
///
/// ASCII regions without carriage returns are compared byte by byte (each byte is a grapheme
/// cluster there); anything else is compared by `Character`, so grapheme clusters are never split.
/// Two clean-ups follow the minimal diff:
/// - an unchanged run shorter than the edits on both sides of it is absorbed into one
///   replacement, so an unrelated rewrite does not keep stray letters in common;
/// - a pure insertion or deletion that could equally sit a little earlier or later is moved to
///   the position with the best word and line boundaries (the latest one on ties), so both sides
///   describe the same edit the same way.
enum CharacterRefinement {
    /// Returns byte hunks turning `ancestor[ancestorRange]` into `side[sideRange]`.
    static func hunks(
        ancestor: UnsafeBufferPointer<UInt8>, _ ancestorRange: Range<Int>,
        side: UnsafeBufferPointer<UInt8>, _ sideRange: Range<Int>,
        workspace: DiffWorkspace = DiffWorkspace()
    ) -> [DiffHunk] {
        let (ancestorRange, sideRange) = trimmedToChangedWords(ancestor, ancestorRange, side, sideRange)
        if ancestorRange.isEmpty && sideRange.isEmpty { return [] }
        if ancestorRange.isEmpty || sideRange.isEmpty {
            return [DiffHunk(ancestor: ancestorRange, side: sideRange)]
        }
        let context = Context(
            before: ancestorRange.lowerBound > 0 ? classOfScalar(endingAt: ancestorRange.lowerBound, in: ancestor) : nil,
            after: ancestorRange.upperBound < ancestor.count ? classOfScalar(startingAt: ancestorRange.upperBound, in: ancestor) : nil
        )
        if isPlainASCII(ancestor, ancestorRange), isPlainASCII(side, sideRange) {
            // Bytes are characters here: diff them in place.
            let a = UnsafeBufferPointer(rebasing: ancestor[ancestorRange])
            let b = UnsafeBufferPointer(rebasing: side[sideRange])
            let hunks = refined(
                a, b, classA: { CharacterClass(asciiByte: a[$0]) }, classB: { CharacterClass(asciiByte: b[$0]) },
                context: context, workspace: workspace
            )
            return hunks.map { $0.offset(ancestorBy: ancestorRange.lowerBound, sideBy: sideRange.lowerBound) }
        }
        let charactersA = Array(String(decoding: UnsafeBufferPointer(rebasing: ancestor[ancestorRange]), as: UTF8.self))
        let charactersB = Array(String(decoding: UnsafeBufferPointer(rebasing: side[sideRange]), as: UTF8.self))
        var interner = ElementInterner<Character>()
        let idsA = interner.ids(of: charactersA)
        let idsB = interner.ids(of: charactersB)
        let classesA = charactersA.map(CharacterClass.init)
        let classesB = charactersB.map(CharacterClass.init)
        let hunks = idsA.withUnsafeBufferPointer { a in
            idsB.withUnsafeBufferPointer { b in
                refined(a, b, classA: { classesA[$0] }, classB: { classesB[$0] }, context: context, workspace: workspace)
            }
        }
        let offsetsA = byteOffsets(charactersA, from: ancestorRange.lowerBound)
        let offsetsB = byteOffsets(charactersB, from: sideRange.lowerBound)
        return hunks.map {
            DiffHunk(
                ancestor: offsetsA[$0.ancestor.lowerBound]..<offsetsA[$0.ancestor.upperBound],
                side: offsetsB[$0.side.lowerBound]..<offsetsB[$0.side.upperBound]
            )
        }
    }

    /// The classes of the characters just outside a region, so boundaries at its edges are
    /// scored like anywhere else (nil: the edge of the text).
    struct Context {
        var before: CharacterClass?
        var after: CharacterClass?
    }

    /// Drops the common prefix and suffix of two regions, keeping whole words: each cut is made
    /// right after an ASCII space, tab or line feed and before an ASCII byte, which is a token
    /// boundary and always a grapheme boundary. Most changed lines differ in a word or two, so
    /// this leaves the word and character diffs very little to do.
    static func trimmedToChangedWords(
        _ ancestor: UnsafeBufferPointer<UInt8>, _ ancestorRange: Range<Int>,
        _ side: UnsafeBufferPointer<UInt8>, _ sideRange: Range<Int>
    ) -> (Range<Int>, Range<Int>) {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
        let shorter = min(ancestorRange.count, sideRange.count)
        var prefix = 0
        while prefix < shorter, ancestor[ancestorRange.lowerBound + prefix] == side[sideRange.lowerBound + prefix] { prefix += 1 }
        while prefix > 0 {
            let a = ancestorRange.lowerBound + prefix
            let b = sideRange.lowerBound + prefix
            let cutAfterSpace = isSpace(ancestor[a - 1])
            let nextIsASCII = (a == ancestorRange.upperBound || ancestor[a] < 0x80) && (b == sideRange.upperBound || side[b] < 0x80)
            if cutAfterSpace && nextIsASCII { break }
            prefix -= 1
        }
        var suffix = 0
        while suffix < shorter - prefix,
              ancestor[ancestorRange.upperBound - 1 - suffix] == side[sideRange.upperBound - 1 - suffix] { suffix += 1 }
        while suffix > 0 {
            let a = ancestorRange.upperBound - suffix
            let b = sideRange.upperBound - suffix
            let cutAfterSpace = a > ancestorRange.lowerBound + prefix && isSpace(ancestor[a - 1])
                && b > sideRange.lowerBound + prefix && isSpace(side[b - 1])
            if cutAfterSpace && ancestor[a] < 0x80 { break }
            suffix -= 1
        }
        return (
            (ancestorRange.lowerBound + prefix)..<(ancestorRange.upperBound - suffix),
            (sideRange.lowerBound + prefix)..<(sideRange.upperBound - suffix)
        )
    }

    private static func classOfScalar(endingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> CharacterClass? {
        if bytes[position - 1] < 0x80 { return CharacterClass(asciiByte: bytes[position - 1]) }
        var start = position - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self).unicodeScalars.first else { return nil }
        return CharacterClass(scalar)
    }

    private static func classOfScalar(startingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> CharacterClass? {
        if bytes[position] < 0x80 { return CharacterClass(asciiByte: bytes[position]) }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        guard let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self).unicodeScalars.first else { return nil }
        return CharacterClass(scalar)
    }

    private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range where bytes[index] >= 0x80 || bytes[index] == 0x0D { return false }
        return true
    }

    /// Byte offset of every character start, plus the end offset.
    private static func byteOffsets(_ characters: [Character], from start: Int) -> [Int] {
        var offsets = [start]
        offsets.reserveCapacity(characters.count + 1)
        var offset = start
        for character in characters {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }

    /// Word-level diff refined to characters, then clean-up of short equalities, then sliding
    /// to good boundaries.
    ///
    /// Comparing words first keeps whole words in common rather than stray letters or spaces
    /// (for "A B C D" to "A X B D" it keeps "B" and reports "X " inserted and "C " deleted,
    /// where a plain character diff may keep the middle space and replace both letters);
    /// replaced words are then compared letter by letter, so "$100" to "$150" stays one digit.
    static func refined<Element: FixedWidthInteger>(
        _ a: UnsafeBufferPointer<Element>, _ b: UnsafeBufferPointer<Element>,
        classA: (Int) -> CharacterClass, classB: (Int) -> CharacterClass,
        context: Context, workspace: DiffWorkspace
    ) -> [DiffHunk] {
        var tokensA = workspace.tokenStartsA
        var tokensB = workspace.tokenStartsB
        var tokenIDsA = workspace.tokenIDsA
        var tokenIDsB = workspace.tokenIDsB
        workspace.tokenStartsA = []
        workspace.tokenStartsB = []
        workspace.tokenIDsA = []
        workspace.tokenIDsB = []
        defer {
            workspace.tokenStartsA = tokensA
            workspace.tokenStartsB = tokensB
            workspace.tokenIDsA = tokenIDsA
            workspace.tokenIDsB = tokenIDsB
        }
        tokenStarts(count: a.count, classA, into: &tokensA)
        tokenStarts(count: b.count, classB, into: &tokensB)
        tokenIDsA.removeAll(keepingCapacity: true)
        tokenIDsB.removeAll(keepingCapacity: true)
        for index in 0..<(tokensA.count - 1) { tokenIDsA.append(tokenHash(a, tokensA[index]..<tokensA[index + 1])) }
        for index in 0..<(tokensB.count - 1) { tokenIDsB.append(tokenHash(b, tokensB[index]..<tokensB[index + 1])) }
        let tokenHunks = SequenceDiff.verifiedHunks(tokenIDsA, tokenIDsB, workspace: workspace) { i, j in
            a[tokensA[i]..<tokensA[i + 1]].elementsEqual(b[tokensB[j]..<tokensB[j + 1]])
        }
        var hunks: [DiffHunk] = []
        if let tokenHunks {
            for tokenHunk in tokenHunks {
                let rangeA = tokensA[tokenHunk.ancestor.lowerBound]..<tokensA[tokenHunk.ancestor.upperBound]
                let rangeB = tokensB[tokenHunk.side.lowerBound]..<tokensB[tokenHunk.side.upperBound]
                if rangeA.isEmpty || rangeB.isEmpty {
                    hunks.append(DiffHunk(ancestor: rangeA, side: rangeB))
                } else {
                    let inner = SequenceDiff.hunks(
                        UnsafeBufferPointer(rebasing: a[rangeA]), UnsafeBufferPointer(rebasing: b[rangeB]), workspace: workspace
                    )
                    for hunk in inner { hunks.append(hunk.offset(ancestorBy: rangeA.lowerBound, sideBy: rangeB.lowerBound)) }
                }
            }
        } else {
            // A hash collision between two different tokens: compare the characters directly instead.
            hunks = SequenceDiff.hunks(a, b, workspace: workspace)
        }
        hunks.coalesce()
        absorbShortEqualities(&hunks, count: a.count, classA)
        slide(&hunks, a, b, classA: classA, classB: classB, context: context)
        hunks.coalesce()
        return hunks
    }

    /// A 64-bit hash of a token's character IDs, used as the token's ID.
    private static func tokenHash<Element: FixedWidthInteger>(_ elements: UnsafeBufferPointer<Element>, _ range: Range<Int>) -> Int {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(range.count)
        for index in range {
            hash = (hash ^ UInt64(truncatingIfNeeded: elements[index])) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        return Int(truncatingIfNeeded: hash)
    }

    /// Start of every token, followed by the end. A token is a run of word characters or a
    /// single other character, with the spaces after it: giving spaces no identity of their own
    /// stops the diff from keeping a space in common instead of a word.
    private static func tokenStarts(count: Int, _ classOf: (Int) -> CharacterClass, into starts: inout [Int]) {
        starts.removeAll(keepingCapacity: true)
        var previous = CharacterClass.lineBreak
        for index in 0..<count {
            let current = classOf(index)
            defer { previous = current }
            let joinsPrevious: Bool
            if index == 0 {
                joinsPrevious = false
            } else {
                switch current {
                case .word: joinsPrevious = previous == .word
                case .whitespace: joinsPrevious = previous != .lineBreak
                case .punctuation, .lineBreak: joinsPrevious = false
                }
            }
            if !joinsPrevious { starts.append(index) }
        }
        starts.append(count)
    }

    /// Joins two hunks when the unchanged run between them is shorter than each of them and is
    /// only a fragment of a word (letters a rewrite happened to keep, like the "o" of
    /// "hello" rewritten to "foo"). Whole words and whitespace are never absorbed: they are real
    /// common text, and absorbing them would turn kept text into conflicting insertions.
    static func absorbShortEqualities(_ hunks: inout [DiffHunk], count: Int, _ classOf: (Int) -> CharacterClass) {
        var index = 0
        while index + 1 < hunks.count {
            let current = hunks[index]
            let next = hunks[index + 1]
            let gap = next.ancestor.lowerBound - current.ancestor.upperBound
            let currentSize = max(current.ancestor.count, current.side.count)
            let nextSize = max(next.ancestor.count, next.side.count)
            let gapRange = current.ancestor.upperBound..<next.ancestor.lowerBound
            let isShort = gap < currentSize && gap < nextSize
            if isShort, gapRange.allSatisfy({ classOf($0) == .word }),
               (gapRange.lowerBound > 0 && classOf(gapRange.lowerBound - 1) == .word)
                || (gapRange.upperBound < count && classOf(gapRange.upperBound) == .word) {
                hunks[index] = DiffHunk(
                    ancestor: current.ancestor.lowerBound..<next.ancestor.upperBound,
                    side: current.side.lowerBound..<next.side.upperBound
                )
                hunks.remove(at: index + 1)
                if index > 0 { index -= 1 }
            } else {
                index += 1
            }
        }
    }

    /// Moves pure insertions and deletions within their unchanged surroundings to the best boundary.
    static func slide<Element: FixedWidthInteger>(
        _ hunks: inout [DiffHunk], _ a: UnsafeBufferPointer<Element>, _ b: UnsafeBufferPointer<Element>,
        classA classesA: (Int) -> CharacterClass, classB classesB: (Int) -> CharacterClass,
        context: Context
    ) {
        for index in hunks.indices {
            let hunk = hunks[index]
            // Keep at least one unchanged element between neighbouring hunks.
            let lowest = index > 0 ? hunks[index - 1].ancestor.upperBound + 1 : 0
            let highest = index + 1 < hunks.count ? hunks[index + 1].ancestor.lowerBound - 1 : a.count
            if hunk.isInsertion, !hunk.side.isEmpty {
                var p = hunk.ancestor.lowerBound
                var s = hunk.side.lowerBound
                var e = hunk.side.upperBound
                while p > lowest, b[e - 1] == a[p - 1] { p -= 1; s -= 1; e -= 1 }
                var best = (score: Int.min, p: p, s: s)
                while true {
                    let before = s > 0 ? classesB(s - 1) : context.before
                    let after = e < b.count ? classesB(e) : context.after
                    let score = CharacterClass.boundaryScore(before, classesB(s)) + CharacterClass.boundaryScore(classesB(e - 1), after)
                    if score >= best.score { best = (score, p, s) }
                    guard p < highest, p < a.count, b[s] == a[p] else { break }
                    p += 1; s += 1; e += 1
                }
                hunks[index] = DiffHunk(ancestor: best.p..<best.p, side: best.s..<(best.s + hunk.side.count))
            } else if hunk.side.isEmpty, !hunk.ancestor.isEmpty {
                var p = hunk.ancestor.lowerBound
                var q = hunk.ancestor.upperBound
                var s = hunk.side.lowerBound
                while p > lowest, a[q - 1] == a[p - 1] { p -= 1; q -= 1; s -= 1 }
                var best = (score: Int.min, p: p, s: s)
                while true {
                    let before = p > 0 ? classesA(p - 1) : context.before
                    let after = q < a.count ? classesA(q) : context.after
                    let score = CharacterClass.boundaryScore(before, classesA(p)) + CharacterClass.boundaryScore(classesA(q - 1), after)
                    if score >= best.score { best = (score, p, s) }
                    guard q < highest, q < a.count, a[p] == a[q] else { break }
                    p += 1; q += 1; s += 1
                }
                hunks[index] = DiffHunk(ancestor: best.p..<(best.p + hunk.ancestor.count), side: best.s..<best.s)
            }
        }
    }
}
