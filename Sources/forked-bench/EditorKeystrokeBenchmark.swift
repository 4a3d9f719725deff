import ForkedEditCore
import ForkedMerge

/// Times the editor headlessly: an ``EditorSession`` on a generated document, driven by an
/// ``EditorKeyScript`` with the live merge on, each key timed from `handle` to the end of the
/// following `render` (what a terminal would show after the key).
struct EditorKeystrokeBenchmark {
    /// One document the keys are timed on.
    struct Case {
        /// Bytes.
        var size: Int
        /// Whether the document is one line (no line breaks) typed at its end, rather than
        /// normal lines edited all over.
        var singleLine = false

        var label: String { BenchmarkOptions.label(size) + (singleLine ? ", 1 line" : "") }
    }

    /// The baseline every case is compared with, measured in the same run: a small file,
    /// where a key costs what the editor's fixed work costs.
    static let baseline = Case(size: 10_000)
    /// The documents: normal lines up to 10 MB, and one 1 MB line typed at its end (the issue's
    /// two goals are the 1 MB line and the 10 MB file).
    static let cases = [
        Case(size: 100_000), Case(size: 1_000_000), Case(size: 10_000_000), Case(size: 1_000_000, singleLine: true),
    ]
    /// Keys replayed per document.
    static let keyCount = 2_000
    /// The screen the session draws on: a common large terminal.
    static let columns = 120
    static let rows = 40
    /// The issue's goals, in milliseconds.
    static let goalP50 = 2.0
    static let goalP99 = 16.0
    static let goalFirstFrame = 100.0

    /// The table title.
    static let title = """
    Editor keystrokes, headless, live merge on: \(keyCount) keys per document on a \(columns)x\(rows) screen, \
    each key timed as handle + render; "vs 10 KB" is the ratio to the same figure on a 10 KB file in this run
    """
    /// The ratio column's header.
    static let referenceHeader = "vs 10 KB"

    var options: BenchmarkOptions

    /// The session's input turned into an error: a key that left an error on the status line
    /// would make its timing meaningless.
    struct SessionError: Error, CustomStringConvertible {
        var description: String
    }

    /// Measures the baseline, then every case, and returns the rows (first frame, then key p50,
    /// p99 and max, each with its ratio to the baseline's).
    func run() throws -> [BenchmarkRow] {
        let baseline = try measure(EditorKeystrokeBenchmark.baseline, reference: nil)
        let references = baseline.prefix(4).map(\.milliseconds)
        return try Array(baseline.prefix(4)) + EditorKeystrokeBenchmark.cases.flatMap { try measure($0, reference: references) }
    }

    /// The document of `testCase`: generated normal lines, or the same words with every line
    /// break made a space.
    private func document(_ testCase: Case) -> String {
        var generator = TextGenerator(seed: UInt64(testCase.size) &+ 0xED17)
        var bytes = generator.text(size: testCase.size)
        if testCase.singleLine {
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The rows for one case; `reference` holds the baseline's first frame, p50, p99 and max.
    private func measure(_ testCase: Case, reference: [Double]?) throws -> [BenchmarkRow] {
        let label = testCase.label
        let text = document(testCase)

        // Time to first frame: what opening a file costs before anything shows.
        var session: EditorSession?
        let firstFrame = try Timing.medianMilliseconds(runs: options.runs) {
            let opened = try EditorSession(
                text: text, fileName: nil, columns: EditorKeystrokeBenchmark.columns, rows: EditorKeystrokeBenchmark.rows,
                writer: InMemoryDocumentWriter()
            )
            _ = opened.render()
            session = opened
        }
        guard let session else { throw SessionError(description: "no session was opened") }

        let script = EditorKeyScript(
            count: EditorKeystrokeBenchmark.keyCount, seed: 0x6B65_7973, style: testCase.singleLine ? .oneLine : .mixed
        )
        if testCase.singleLine {
            // Both panes type at the end of the line, where the issue measured 200 ms a key.
            for key: Key in [.controlEnd, .tab, .controlEnd, .tab] { session.handle(.key(key)) }
        }
        let clock = ContinuousClock()
        var handleTimes: [Double] = []
        var renderTimes: [Double] = []
        var editTotals: [Double] = []
        var otherTotals: [Double] = []
        var screen = 0
        for key in script.keys {
            let start = clock.now
            session.handle(.key(key))
            let handled = clock.now
            let grid = session.render()
            let rendered = clock.now
            if let message = session.message, message.hasPrefix("Error") {
                throw SessionError(description: "key \(key) failed: \(message)")
            }
            screen &+= grid.rows   // keeps the render from being optimised away
            let handleTime = Timing.milliseconds(start.duration(to: handled))
            let renderTime = Timing.milliseconds(handled.duration(to: rendered))
            handleTimes.append(handleTime)
            renderTimes.append(renderTime)
            switch key {
            case .text, .backspace, .enter: editTotals.append(handleTime + renderTime)
            default: otherTotals.append(handleTime + renderTime)
            }
        }
        let totals = zip(handleTimes, renderTimes).map { $0 + $1 }
        let stats = session.liveMerge.statistics
        let cursors = session.panes.map { "line \($0.state.cursor.line + 1)" }.joined(separator: " / ")
        let millis = { (value: Double) in ResultTable.format(value, decimals: 2) }
        return [
            BenchmarkRow(
                name: "editor first frame (open + render)", size: label, milliseconds: firstFrame, reference: reference?[0],
                note: "\(verdict(firstFrame, goal: EditorKeystrokeBenchmark.goalFirstFrame)); median of \(options.runs)"
            ),
            BenchmarkRow(
                name: "editor key p50 (handle + render)", size: label, milliseconds: percentile(totals, 0.50), reference: reference?[1],
                note: "\(verdict(percentile(totals, 0.50), goal: EditorKeystrokeBenchmark.goalP50)); "
                    + "handle \(millis(percentile(handleTimes, 0.50))), render \(millis(percentile(renderTimes, 0.50))); "
                    + "edits \(millis(percentile(editTotals, 0.50))), moves/tab \(millis(percentile(otherTotals, 0.50)))"
            ),
            BenchmarkRow(
                name: "editor key p99 (handle + render)", size: label, milliseconds: percentile(totals, 0.99), reference: reference?[2],
                note: "\(verdict(percentile(totals, 0.99), goal: EditorKeystrokeBenchmark.goalP99)); "
                    + "handle \(millis(percentile(handleTimes, 0.99))), render \(millis(percentile(renderTimes, 0.99))); "
                    + "edits \(millis(percentile(editTotals, 0.99))), moves/tab \(millis(percentile(otherTotals, 0.99)))"
            ),
            BenchmarkRow(
                name: "editor key max (handle + render)", size: label, milliseconds: totals.max() ?? 0, reference: reference?[3],
                note: "\(script.mix.summary); cursors end at \(cursors); "
                    + "left +\(stats[0].inserted) -\(stats[0].deleted), right +\(stats[1].inserted) -\(stats[1].deleted) chars"
                    + (screen > 0 ? "" : "; nothing drawn")
            ),
        ] + phaseRows(of: session, label: label)
    }

    /// Where a keystroke's time goes, measured piece by piece on the session's final state
    /// with public calls: re-joining the edited pane's lines (what an edit cost before edits
    /// were applied by range), applying one edit by range, the live merge, and the two halves
    /// of drawing.
    private func phaseRows(of session: EditorSession, label: String) -> [BenchmarkRow] {
        let runs = options.runs
        let pane = session.panes[session.focusedPane].state
        let join = Timing.medianMilliseconds(runs: runs) { _ = pane.buffer.text.utf8.count }
        let paneText = session.paneTexts[session.focusedPane]
        let typed = TextEdit(utf8Offset: paneText.utf8.count / 2, removedUTF8Count: 0, inserted: "x")
        let byRange = Timing.medianMilliseconds(runs: runs) { _ = typed.applied(to: paneText)?.utf8.count }
        let merge = Timing.medianMilliseconds(runs: runs) {
            _ = LiveMerge(texts: session.paneTexts, ancestor: session.ancestorText, dominantPane: session.liveMerge.dominantPane)
        }
        // What an edit pays with the session's cache: the other pane's diff is kept, and only
        // the edited (dominant) pane, here one character longer than in the primed cache, is diffed.
        let dominant = session.liveMerge.dominantPane
        var primed = TextMergeCache()
        var previousTexts = session.paneTexts
        previousTexts[dominant] += "x"
        _ = LiveMerge(texts: previousTexts, ancestor: session.ancestorText, dominantPane: dominant, cache: &primed)
        let cachedMerge = Timing.medianMilliseconds(runs: runs) {
            var cache = primed
            _ = LiveMerge(texts: session.paneTexts, ancestor: session.ancestorText, dominantPane: dominant, cache: &cache)
        }
        var content: ScreenContent?
        let snapshot = Timing.medianMilliseconds(runs: runs) { content = session.screenContent() }
        let draw = Timing.medianMilliseconds(runs: runs) {
            if let content {
                _ = ScreenRenderer.render(content, columns: EditorKeystrokeBenchmark.columns, rows: EditorKeystrokeBenchmark.rows)
            }
        }
        let lowerTop = content?.lower.topLine ?? 0
        return [
            BenchmarkRow(name: "  phase: join pane lines to text", size: label, milliseconds: join, reference: nil,
                         note: "a full re-join of \(pane.buffer.lineCount) lines; edits are applied by range instead"),
            BenchmarkRow(name: "  phase: apply an edit by range", size: label, milliseconds: byRange, reference: nil,
                         note: "TextEdit.applied(to:) on the fork's text, per key"),
            BenchmarkRow(name: "  phase: live merge (LiveMerge.init)", size: label, milliseconds: merge, reference: nil,
                         note: "both panes diffed; \(session.liveMerge.runs.count) runs"),
            BenchmarkRow(name: "  phase: live merge, other pane cached", size: label, milliseconds: cachedMerge, reference: nil,
                         note: "per edit: only the edited pane is diffed"),
            BenchmarkRow(name: "  phase: screenContent()", size: label, milliseconds: snapshot, reference: nil,
                         note: "per key"),
            BenchmarkRow(name: "  phase: ScreenRenderer.render", size: label, milliseconds: draw, reference: nil,
                         note: "per key; lower view from line \(lowerTop + 1)"),
        ]
    }

    /// The nearest-rank percentile `fraction` (0...1) of `samples`.
    private func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        Timing.percentile(samples, fraction)
    }

    private func verdict(_ milliseconds: Double, goal: Double) -> String {
        "goal < \(ResultTable.format(goal, decimals: 0)) ms: \(milliseconds < goal ? "met" : "MISSED")"
    }
}
