import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ForkedModel` and `@ForkedModel(version:)`: a `Mergeable` conformance that merges a struct
/// property by property, plus, when versioned, the stored version the conformance checks.
public struct ForkedModelMacro: ExtensionMacro, MemberMacro {
    /// The extension role: the `Mergeable` (and, when versioned, `VersionedModel`) conformance
    /// with the generated `merged(withSubordinate:commonAncestor:)`. Every mistake in the
    /// struct is diagnosed here.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(
                node: introducer(of: declaration) ?? Syntax(node),
                message: ModelDiagnostic.notAStruct(kind: kindName(of: declaration))
            ))
            return []
        }
        if let existing = existingMergeMethod(in: structDecl) {
            context.diagnose(Diagnostic(node: existing.name, message: ModelDiagnostic.mergeAlreadyImplemented))
            return []
        }
        let version = modelVersion(in: node, context: context)
        var reader = ModelPropertyReader(context: context)
        let properties = reader.properties(of: structDecl.memberBlock.members)
        guard !reader.foundMistake, version != .invalid else { return [] }

        let access = accessPrefix(of: structDecl)
        var members: [String] = []
        var prologue: [String] = []
        if case .number(let number) = version {
            members.append("\(access)static var modelVersion: Int { \(number) }")
            prologue = [
                "try self.checkModelVersion()",
                "try other.checkModelVersion()",
                "try commonAncestor.checkModelVersion()",
                "var result = self",
                "result.modelVersion = Self.modelVersion",
            ]
        } else if !properties.isEmpty {
            prologue = ["var result = self"]
        }
        let body = prologue.isEmpty
            ? ["self"]
            : prologue + properties.map(\.mergeStatement) + ["return result"]
        members.append("""
            \(access)func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
            \(body.map { "    " + $0 }.joined(separator: "\n"))
            }
            """)

        let conformances = protocols.map(\.trimmedDescription).map(qualified)
        let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        let source: DeclSyntax = """
            extension \(raw: type.trimmedDescription)\(raw: inheritance) {
            \(raw: members.joined(separator: "\n\n"))
            }
            """
        guard let extensionDecl = source.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// The member role: the stored `modelVersion` of a versioned model (the original Forked's
    /// name and type, so its memberwise `modelVersion:` argument and its coded data carry over),
    /// recording which model version wrote a value, and `forkedModelVersion`, the same as a
    /// number (`nil`, from data written before the model was versioned, counts as 0).
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // The extension role reports mistakes; this role stays silent so none is reported twice.
        guard let structDecl = declaration.as(StructDeclSyntax.self),
              case .number(let number) = modelVersion(in: node, context: nil)
        else { return [] }
        let access = accessPrefix(of: structDecl)
        return [
            "\(raw: access)var modelVersion: Int? = \(raw: number)",
            "\(raw: access)var forkedModelVersion: Int { modelVersion ?? 0 }",
        ]
    }

    /// What `version:` says.
    private enum VersionArgument: Equatable {
        case absent
        case number(Int)
        case invalid
    }

    private static func modelVersion(in node: AttributeSyntax, context: (any MacroExpansionContext)?) -> VersionArgument {
        guard case .argumentList(let arguments) = node.arguments,
              let argument = arguments.first(where: { $0.label?.text == "version" })
        else { return .absent }
        if let literal = argument.expression.as(IntegerLiteralExprSyntax.self),
           let number = Int(String(literal.literal.text.filter { $0 != "_" })), number >= 0 {
            return .number(number)
        }
        context?.diagnose(Diagnostic(node: argument.expression, message: ModelDiagnostic.invalidVersion))
        return .invalid
    }

    /// Public and package models need public and package witnesses; others take the default.
    private static func accessPrefix(of structDecl: StructDeclSyntax) -> String {
        for modifier in structDecl.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// The compiler hands over protocol names as written in the macro's declaration; qualify
    /// them so a user type named `Mergeable` cannot capture the conformance. Generated code uses
    /// module selectors (`Module::Name`) because `ForkedModel.Name` would find the macro
    /// `ForkedModel` instead of the module.
    private static func qualified(_ protocolName: String) -> String {
        switch protocolName {
        case "Mergeable": "Forked::Mergeable"
        case "VersionedModel": "ForkedModel::VersionedModel"
        default: protocolName
        }
    }

    /// A hand-written `merged(withSubordinate:commonAncestor:)` would clash with the generated one.
    private static func existingMergeMethod(in structDecl: StructDeclSyntax) -> FunctionDeclSyntax? {
        structDecl.memberBlock.members.lazy
            .compactMap { $0.decl.as(FunctionDeclSyntax.self) }
            .first { function in
                let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
                return function.name.text == "merged" && labels == ["withSubordinate", "commonAncestor"]
            }
    }

    private static func introducer(of declaration: some DeclGroupSyntax) -> Syntax? {
        if let decl = declaration.as(ClassDeclSyntax.self) { return Syntax(decl.classKeyword) }
        if let decl = declaration.as(EnumDeclSyntax.self) { return Syntax(decl.enumKeyword) }
        if let decl = declaration.as(ActorDeclSyntax.self) { return Syntax(decl.actorKeyword) }
        if let decl = declaration.as(ProtocolDeclSyntax.self) { return Syntax(decl.protocolKeyword) }
        if let decl = declaration.as(ExtensionDeclSyntax.self) { return Syntax(decl.extensionKeyword) }
        return nil
    }

    private static func kindName(of declaration: some DeclGroupSyntax) -> String {
        if declaration.is(ClassDeclSyntax.self) { return "class" }
        if declaration.is(EnumDeclSyntax.self) { return "enum" }
        if declaration.is(ActorDeclSyntax.self) { return "actor" }
        if declaration.is(ProtocolDeclSyntax.self) { return "protocol" }
        if declaration.is(ExtensionDeclSyntax.self) { return "extension" }
        return "declaration"
    }
}
