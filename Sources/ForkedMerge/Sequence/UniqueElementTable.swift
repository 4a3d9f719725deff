/// Where each element occurs on two sides of a diff, as far as patience anchors need it: its
/// position when it occurs exactly once on a side, or that it occurs more often.
///
/// One open-addressing table keyed by element, with both sides' positions in one 16-byte slot:
/// side B only ever looks up elements side A holds, so the table never grows past A's elements.
/// Positions are 32-bit offsets from each range's start. The standard `Dictionary` is avoided on
/// this hot path for its seeded hashing, and two tables of 24-byte slots (as before) made the
/// memory the diff of a 1 MB text touches, and the page faults of a fresh process, several
/// times larger.
struct UniqueElementTable {
    private struct Slot {
        var key: Int
        /// Offset in A, or ``empty`` / ``repeated``.
        var a: Int32
        /// Offset in B, or ``absent`` / ``repeated``.
        var b: Int32
    }

    private static let empty: Int32 = -3
    private static let absent: Int32 = -2
    private static let repeated: Int32 = -1

    private var slots: [Slot]
    private let mask: Int
    private let aStart: Int
    private let bStart: Int

    /// Creates a table for the elements of `aRange` and `bRange`.
    ///
    /// - Precondition: each range holds fewer than 2^31 - 3 elements (a text of over 2 GB).
    init(aRange: Range<Int>, bRange: Range<Int>) {
        precondition(aRange.count < Int(Int32.max) - 3 && bRange.count < Int(Int32.max) - 3, "a diff region of over 2^31 elements")
        // A load of at most two thirds keeps linear probing short.
        var size = 16
        while size < aRange.count + aRange.count / 2 { size <<= 1 }
        slots = [Slot](repeating: Slot(key: 0, a: Self.empty, b: Self.absent), count: size)
        mask = size - 1
        aStart = aRange.lowerBound
        bStart = bRange.lowerBound
    }

    private func home(of key: Int) -> Int {
        let mixed = UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    /// The slot holding `key`, or the empty slot where it would go.
    private func slot(for key: Int) -> Int {
        var index = home(of: key)
        while slots[index].a != Self.empty, slots[index].key != key { index = (index + 1) & mask }
        return index
    }

    /// Records that `key` occurs at `position` in A.
    mutating func noteInA(_ key: Int, at position: Int) {
        let index = slot(for: key)
        if slots[index].a == Self.empty {
            slots[index] = Slot(key: key, a: Int32(truncatingIfNeeded: position - aStart), b: Self.absent)
        } else {
            slots[index].a = Self.repeated
        }
    }

    /// Records that `key` occurs at `position` in B (kept only when it occurs exactly once in A),
    /// and returns whether A holds it at all.
    @discardableResult
    mutating func noteInB(_ key: Int, at position: Int) -> Bool {
        let index = slot(for: key)
        guard slots[index].a >= 0 else { return slots[index].a != Self.empty }
        slots[index].b = slots[index].b == Self.absent ? Int32(truncatingIfNeeded: position - bStart) : Self.repeated
        return true
    }

    /// The position in A of `key` when it occurs once on each side and its occurrence in B is at
    /// `position`; `nil` otherwise.
    func anchor(_ key: Int, at position: Int) -> Int? {
        let found = slots[slot(for: key)]
        guard found.a >= 0, found.b >= 0, Int(found.b) + bStart == position else { return nil }
        return Int(found.a) + aStart
    }
}
