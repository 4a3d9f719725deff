import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@ForkedModel`, `@Merged` and `@Backed`.
@main
struct ForkedModelMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ForkedModelMacro.self, MergedMacro.self, BackedMacro.self]
}
