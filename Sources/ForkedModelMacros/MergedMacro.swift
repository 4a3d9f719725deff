import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Merged` is a marker read by `@ForkedModel`; it generates nothing itself.
///
/// It only checks that it marks a variable, since `@ForkedModel` never looks at other members
/// and the mark would otherwise be ignored without a word.
public struct MergedMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if !declaration.is(VariableDeclSyntax.self) {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.mergedNotOnVariable))
        }
        return []
    }
}
