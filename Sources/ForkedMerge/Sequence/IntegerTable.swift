/// A minimal open-addressing hash map from `Int` to `Int`, for the diff's hot paths where
/// the standard `Dictionary`'s seeded hashing dominates the running time.
struct IntegerTable {
    private var keys: [Int]
    private var values: [Int]
    private var used: [Bool]
    private let mask: Int

    /// Creates a table with room for `capacity` keys.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [Int](repeating: 0, count: size)
        values = [Int](repeating: 0, count: size)
        used = [Bool](repeating: false, count: size)
        mask = size - 1
    }

    private func slot(for key: Int) -> Int {
        let mixed = UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    /// The value stored for `key`, if any.
    func value(for key: Int) -> Int? {
        var index = slot(for: key)
        while used[index] {
            if keys[index] == key { return values[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Stores `value` for `key` and returns the previous value, if any.
    @discardableResult
    mutating func update(_ value: Int, for key: Int) -> Int? {
        var index = slot(for: key)
        while used[index] {
            if keys[index] == key {
                let old = values[index]
                values[index] = value
                return old
            }
            index = (index + 1) & mask
        }
        used[index] = true
        keys[index] = key
        values[index] = value
        return nil
    }
}
