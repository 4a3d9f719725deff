import Synchronization

/// Arrays kept from one merge for the next, so that a merge repeated on a long text (the editor
/// merges its panes on every keystroke) writes into memory the process already has.
///
/// The allocator hands the memory a merge frees back to the kernel, and faulting it in again page
/// by page cost a 1 MB merge about a tenth of its time. At most `keeping` arrays are kept, each
/// of at most `maximumBytes`, and an array is emptied as it is given back, so nothing of one merge
/// reaches the next.
final class ReusedArrays<Element: Sendable>: Sendable {
    private let kept = Mutex<[[Element]]>([])
    private let keeping: Int
    private let maximumCapacity: Int

    /// Keeps up to `keeping` arrays (one per merge running at once) of up to `maximumBytes` each.
    init(keeping: Int = 2, maximumBytes: Int = 8 << 20) {
        self.keeping = keeping
        maximumCapacity = maximumBytes / max(MemoryLayout<Element>.stride, 1)
    }

    /// An empty array with room for at least `capacity` elements: a kept one when there is one.
    func take(capacity: Int) -> [Element] {
        var array = kept.withLock { $0.popLast() } ?? []
        array.reserveCapacity(capacity)
        return array
    }

    /// Keeps `array`'s storage, emptied, for a later ``take(capacity:)``. Storage another value
    /// still shares is not kept (emptying it makes a new, untouched one).
    func give(_ array: consuming [Element]) {
        var array = array
        guard array.capacity <= maximumCapacity else { return }
        array.removeAll(keepingCapacity: true)
        kept.withLock { kept in
            if kept.count < keeping { kept.append(array) }
        }
    }
}
