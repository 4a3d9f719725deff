/// A minimal open-addressing hash map from `Int` to `Int`, for the diff's hot paths where
/// the standard `Dictionary`'s seeded hashing dominates the running time.
///
/// Keys and values sit side by side in one array, so a lookup usually touches one cache line.
struct IntegerTable {
    private struct Slot {
        var key: Int
        var value: Int
        var used: Bool
    }

    private var slots: [Slot]
    private let mask: Int

    /// Creates a table with room for `capacity` keys.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Slot](repeating: Slot(key: 0, value: 0, used: false), count: size)
        mask = size - 1
    }

    private func slot(for key: Int) -> Int {
        let mixed = UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    /// The value stored for `key`, if any.
    func value(for key: Int) -> Int? {
        var index = slot(for: key)
        while slots[index].used {
            if slots[index].key == key { return slots[index].value }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Stores `value` for `key` and returns the previous value, if any.
    @discardableResult
    mutating func update(_ value: Int, for key: Int) -> Int? {
        var index = slot(for: key)
        while slots[index].used {
            if slots[index].key == key {
                let old = slots[index].value
                slots[index].value = value
                return old
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(key: key, value: value, used: true)
        return nil
    }
}
