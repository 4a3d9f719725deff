/// Maps hashable elements to small integer IDs, so diffs compare integers instead of values.
struct ElementInterner<Element: Hashable> {
    private var ids: [Element: Int] = [:]

    /// Returns the ID of `element`, assigning the next free one on first sight.
    mutating func id(of element: Element) -> Int {
        if let id = ids[element] { return id }
        let id = ids.count
        ids[element] = id
        return id
    }

    /// Returns the IDs of all `elements`, in order.
    mutating func ids<S: Sequence>(of elements: S) -> [Int] where S.Element == Element {
        elements.map { id(of: $0) }
    }
}
