/// An optional element is identified by its wrapped element's identifier (`nil` for no
/// element), so arrays of optionals merge by identity with ``ArrayOfIdentifiableMerger`` and
/// `@Merged(using: .arrayOfIdentifiableMerge)`, as in the original Forked.
extension Optional: @retroactive Identifiable where Wrapped: Identifiable {
    /// The wrapped element's identifier, or `nil` when there is no element.
    public var id: Wrapped.ID? { self?.id }
}
