/// The strategies `@Merged(using:)` accepts, mirroring `ForkedModel.MergeStrategy`, with the
/// code each one generates.
enum MergeStrategyName: String, CaseIterable {
    case textMerge
    case arrayMerge
    case arrayOfIdentifiableMerge
    case setMerge
    case dictionaryMerge
    /// Not spellable in `using:`: the default for types without a container strategy.
    case mergeable

    /// The merger to construct, or `nil` when the value merges through its own `Mergeable` conformance.
    var mergerExpression: String? {
        switch self {
        case .textMerge: "ForkedMerge::TextMerger()"
        case .arrayMerge: "ForkedMerge::ArrayMerger()"
        case .arrayOfIdentifiableMerge: "ForkedMerge::ArrayOfIdentifiableMerger()"
        case .setMerge: "ForkedMerge::SetMerger()"
        case .dictionaryMerge: "ForkedMerge::DictionaryMerger()"
        case .mergeable: nil
        }
    }

    /// The strategies a user can name, for messages.
    static var spellable: [MergeStrategyName] { allCases.filter { $0 != .mergeable } }
}
