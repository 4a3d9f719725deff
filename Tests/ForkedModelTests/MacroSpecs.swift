import ForkedModelMacros
import SwiftSyntaxMacros
import SwiftSyntaxMacroExpansion

/// The macros as the compiler sees them, with the conformances their declarations promise,
/// so expansions in tests list the same protocols as real builds.
enum MacroSpecs {
    static let unversioned: [String: MacroSpec] = [
        "ForkedModel": MacroSpec(type: ForkedModelMacro.self, conformances: ["Mergeable"]),
        "Merged": MacroSpec(type: MergedMacro.self),
        "Backed": MacroSpec(type: BackedMacro.self),
    ]

    static let versioned: [String: MacroSpec] = [
        "ForkedModel": MacroSpec(type: ForkedModelMacro.self, conformances: ["Mergeable", "VersionedModel"]),
        "Merged": MacroSpec(type: MergedMacro.self),
    ]
}
