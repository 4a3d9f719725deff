/// Myers' O((N+M)D) greedy diff with a bounded edit distance.
enum MyersDiff {
    /// How a bounded search ended.
    enum Outcome: Equatable {
        /// The regions were diffed whole, at this edit distance; their matches were appended.
        case complete(distance: Int)
        /// The bound came first: the matches of a shortest path from the regions' start to
        /// `(x, y)` (offsets into the regions), the point furthest along (largest `x + y`) any
        /// path within the bound reaches, were appended. The rest is left to the caller.
        case partial(x: Int, y: Int)
        /// The bound came before any progress: nothing was appended.
        case none
    }

    /// Appends the matching runs between `a[aRange]` and `b[bRange]` (absolute positions, in
    /// order) to `matches`, searching to an edit distance of at most `maximumDistance` and
    /// stopping before a step that would take the work past `maximumWork` (a step's scan of
    /// equal elements may run over by up to the regions' length).
    ///
    /// Without `partial` a search that reaches its bound appends nothing (``Outcome/none``);
    /// with it, the search keeps the path to the furthest point it reached, so a caller that
    /// diffs the rest the same way makes steady progress through regions too different for one
    /// bounded search, as `git diff`'s cost heuristic does, instead of replacing them whole.
    /// `work` grows by the diagonals visited and the equal elements scanned.
    static func matches<Element: FixedWidthInteger>(
        _ a: UnsafeBufferPointer<Element>, _ aRange: Range<Int>,
        _ b: UnsafeBufferPointer<Element>, _ bRange: Range<Int>,
        maximumDistance: Int, maximumWork: Int = .max, partial: Bool = false, work: inout Int,
        workspace: DiffWorkspace, into matches: inout [SequenceDiff.MatchRun]
    ) -> Outcome {
        let n = aRange.count
        let m = bRange.count
        let aBase = aRange.lowerBound
        let bBase = bRange.lowerBound
        let limit = min(maximumDistance, n + m)
        let offset = limit + 1
        // v[offset + k] is the furthest x reached on diagonal k (x - y == k); -1 marks none.
        var storage: [Int] = []
        swap(&storage, &workspace.furthest)
        // Every entry read at step d was written at step d - 1, so stale values from earlier
        // diffs are harmless and the buffer only needs to be large enough.
        if storage.count < 2 * limit + 3 {
            storage.append(contentsOf: repeatElement(-1, count: 2 * limit + 3 - storage.count))
        }
        // After step d, trace[traceStarts[d] + (k + d)] holds v for k in -d...d.
        var trace = DiffWorkspace.take(&workspace.trace)
        var traceStarts = DiffWorkspace.take(&workspace.traceStarts)
        defer {
            swap(&storage, &workspace.furthest)
            swap(&trace, &workspace.trace)
            swap(&traceStarts, &workspace.traceStarts)
        }
        var end: (d: Int, k: Int)? = nil
        var spent = 0
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let aStart = a.baseAddress, let bStart = b.baseAddress else { return }
            let v = base + offset
            let aElements = aStart + aBase
            let bElements = bStart + bBase
            // The forward pass runs for every small region a merge refines: `step`'s choice
            // written out on raw pointers, -1 standing for a move that leaves the edit graph.
        search: for d in 0...limit {
            if spent + d + 1 > maximumWork { break search }
            spent += d + 1
            var k = -d
            while k <= d {
                var x: Int
                if d == 0 {
                    x = 0
                } else {
                    var down = -1
                    if k + 1 <= d - 1 {
                        let candidate = v[k + 1]
                        if candidate >= 0, candidate - k <= m, candidate - k >= 0 { down = candidate }
                    }
                    var right = -1
                    if k - 1 >= -(d - 1) {
                        let before = v[k - 1]
                        if before >= 0, before + 1 <= n, before + 1 - k >= 0 { right = before + 1 }
                    }
                    if down < 0 && right < 0 {
                        v[k] = -1
                        k += 2
                        continue
                    }
                    x = right > down ? right : down
                }
                var y = x - k
                let snakeStart = x
                while x < n, y < m, aElements[x] == bElements[y] {
                    x += 1
                    y += 1
                }
                spent += x - snakeStart
                v[k] = x
                if x == n, y == m {
                    end = (d, k)
                    break search
                }
                k += 2
            }
            traceStarts.append(trace.count)
            trace.append(contentsOf: UnsafeBufferPointer(start: v - d, count: 2 * d + 1))
        }
        }
        work += spent
        // Where the path ends: the regions' end, or the furthest point of the last step done.
        var x = n
        var k: Int
        var d: Int
        if let end {
            k = end.k
            d = end.d
        } else {
            guard partial, let last = traceStarts.indices.last, last > 0 else { return .none }
            d = last
            k = -d
            var furthest = -1
            for diagonal in -d...d {
                let reached = trace[traceStarts[d] + diagonal + d]
                // Ties go to the diagonal nearest the middle: the fewest unpaired elements.
                if reached >= 0, 2 * reached - diagonal > furthest || (2 * reached - diagonal == furthest && abs(diagonal) < abs(k)) {
                    furthest = 2 * reached - diagonal
                    k = diagonal
                }
            }
            x = trace[traceStarts[d] + k + d]
            guard x >= 0 else { return .none }
        }
        let endX = x
        let endY = x - k
        let outcome: Outcome = end.map { .complete(distance: $0.d) } ?? .partial(x: endX, y: endY)

        var runs = DiffWorkspace.take(&workspace.runs)
        defer { swap(&runs, &workspace.runs) }
        while d > 0 {
            let base = traceStarts[d - 1]
            let previousD = d - 1
            let previous: (Int) -> Int = { trace[base + $0 + previousD] }
            // The forward pass succeeded from here, so a predecessor exists.
            guard let start = step(k: k, d: d, n: n, m: m, previous: previous) else { return .none }
            if x > start {
                runs.append(.init(a: aBase + start, b: bBase + start - k, length: x - start))
            }
            let fromDown = isDownStep(k: k, d: d, n: n, m: m, previous: previous)
            let previousK = fromDown ? k + 1 : k - 1
            x = previous(previousK)
            k = previousK
            d -= 1
        }
        if x > 0 {
            runs.append(.init(a: aBase, b: bBase, length: x))
        }
        for run in runs.reversed() { SequenceDiff.append(run, to: &matches) }
        return outcome
    }

    /// The x where step `d` starts on diagonal `k` (before following equal elements), or `nil`
    /// when neither neighbouring diagonal leads to a point inside the edit graph.
    private static func step(k: Int, d: Int, n: Int, m: Int, previous: (Int) -> Int) -> Int? {
        let down = downStart(k: k, d: d, m: m, previous: previous)
        let right = rightStart(k: k, d: d, n: n, previous: previous)
        switch (down, right) {
        case let (down?, right?): return right > down ? right : down
        case let (down?, nil): return down
        case let (nil, right?): return right
        case (nil, nil): return nil
        }
    }

    /// Whether `step` took the insertion move (from diagonal k + 1).
    private static func isDownStep(k: Int, d: Int, n: Int, m: Int, previous: (Int) -> Int) -> Bool {
        let down = downStart(k: k, d: d, m: m, previous: previous)
        let right = rightStart(k: k, d: d, n: n, previous: previous)
        guard let down else { return false }
        guard let right else { return true }
        return !(right > down)
    }

    /// Start reached by inserting one side element from diagonal k + 1.
    private static func downStart(k: Int, d: Int, m: Int, previous: (Int) -> Int) -> Int? {
        guard k + 1 <= d - 1 else { return nil }
        let x = previous(k + 1)
        guard x >= 0, x - k <= m, x - k >= 0 else { return nil }
        return x
    }

    /// Start reached by deleting one ancestor element from diagonal k - 1.
    private static func rightStart(k: Int, d: Int, n: Int, previous: (Int) -> Int) -> Int? {
        guard k - 1 >= -(d - 1) else { return nil }
        let before = previous(k - 1)
        guard before >= 0 else { return nil }
        let x = before + 1
        guard x <= n, x - k >= 0 else { return nil }
        return x
    }
}
