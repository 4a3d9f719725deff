import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@ForkedModel` and `@Merged`.
@main
struct ForkedModelMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ForkedModelMacro.self, MergedMacro.self]
}
