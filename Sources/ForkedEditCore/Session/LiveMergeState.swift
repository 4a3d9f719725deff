import Forked
import ForkedMerge

/// The live view's merge of the two panes, as the session last made it: the merge, the forks
/// it merged and their ancestor's text, and the side diffs kept for the next one (a keystroke
/// changes one pane, so the other pane's diff against the ancestor is reused).
struct LiveMergeState {
    /// The merge shown.
    private(set) var merge = LiveMerge(texts: ["", ""], ancestor: "", dominantPane: 0)
    /// The forks merged, left side first: the panes' forks, or the editable fork and main when
    /// the other pane is read-only.
    private(set) var forks: [Fork] = []
    /// The text both forks started from.
    private(set) var ancestorText = ""
    private var cache = TextMergeCache()
    /// Whether a pane changed since the merge was made (an edit while the session defers the
    /// merge, ``EditorSession/defersLiveMerge``): the merge shown is the one before it.
    var isOutOfDate = false
    /// Whether an edit leaves the merge out of date (``EditorSession/defersLiveMerge``).
    var isDeferred = false

    /// Merges `sides` (fork and text, left first) against `ancestor`, `dominant` being the side
    /// edited most recently.
    mutating func refresh(sides: [(fork: Fork, text: String)], ancestor: String, dominant: Int) {
        ancestorText = ancestor
        forks = sides.map(\.fork)
        merge = LiveMerge(texts: sides.map(\.text), ancestor: ancestor, dominantPane: dominant, cache: &cache)
        isOutOfDate = false
    }
}
