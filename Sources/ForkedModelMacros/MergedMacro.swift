import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Merged` is a marker read by `@ForkedModel`; it generates nothing itself.
///
/// It only checks that it marks a variable of a `@ForkedModel` struct: anywhere else nothing
/// reads the mark, and it would be ignored without a word.
public struct MergedMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if !declaration.is(VariableDeclSyntax.self) {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.mergedNotOnVariable))
        } else if let enclosing = context.lexicalContext.first, !isForkedModel(enclosing) {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.mergedOutsideModel))
        }
        return []
    }

    /// Whether the innermost enclosing declaration is a struct marked `@ForkedModel`.
    private static func isForkedModel(_ enclosing: Syntax) -> Bool {
        guard let structDecl = enclosing.as(StructDeclSyntax.self) else { return false }
        return structDecl.attributes.contains { element in
            guard let name = element.as(AttributeSyntax.self)?.attributeName else { return false }
            let spelled = name.as(IdentifierTypeSyntax.self)?.name.text ?? name.as(MemberTypeSyntax.self)?.name.text
            return spelled == "ForkedModel"
        }
    }
}
