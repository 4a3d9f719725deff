import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Backed(by:)`: a property kept in a replicated type behind its plain Swift type.
///
/// The peer role adds the replicated storage `_name`; the accessor role turns the property into
/// an init accessor, a getter and a setter over it. `@ForkedModel` reads the same mark and
/// merges the storage. Every mistake is reported by the peer role only, so none appears twice.
public struct BackedMacro: PeerMacro, AccessorMacro {
    /// The replicated storage, `_name`, of the type the strategy and the declared type give.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let backing = BackedProperty(attribute: node, declaration: declaration, context: context) else { return [] }
        // Not private: the memberwise initializer would become private with it.
        return ["var _\(raw: backing.name): \(raw: backing.storageType)"]
    }

    /// The init accessor, getter and setter over the storage.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let backing = BackedProperty(attribute: node, declaration: declaration, context: nil) else { return [] }
        let storage = "_\(backing.name)"
        return [
            """
            @storageRestrictions(initializes: \(raw: storage))
            init(initialValue) {
                \(raw: storage) = \(raw: backing.storageType)(initialValue)
            }
            """,
            "get { \(raw: storage).\(raw: backing.strategy.contentsProperty) }",
            "set { \(raw: storage).\(raw: backing.strategy.contentsProperty) = newValue }",
        ]
    }
}

/// The replicated types `@Backed(by:)` accepts, mirroring `ForkedModel.BackingStrategy`.
enum BackingStrategyName: String, CaseIterable {
    case mergeableValue
    case mergeableArray
    case mergeableSet
    case mergeableDictionary

    /// The property of the replicated type that holds the plain value.
    var contentsProperty: String {
        switch self {
        case .mergeableValue: "value"
        case .mergeableArray, .mergeableSet: "values"
        case .mergeableDictionary: "dictionary"
        }
    }

    /// The storage type for a property declared as `type`, or `nil` when the strategy does not fit it.
    func storageType(for type: TypeSyntax) -> String? {
        switch self {
        case .mergeableValue:
            return "ForkedMerge::MergeableValue<\(type.trimmedDescription)>"
        case .mergeableArray:
            guard let element = DeclaredTypeKind.elementTypes(ofArray: type) else { return nil }
            return "ForkedMerge::MergeableArray<\(element)>"
        case .mergeableSet:
            guard let element = DeclaredTypeKind.elementTypes(ofSet: type) else { return nil }
            return "ForkedMerge::MergeableSet<\(element)>"
        case .mergeableDictionary:
            guard let pair = DeclaredTypeKind.elementTypes(ofDictionary: type) else { return nil }
            return "ForkedMerge::MergeableDictionary<\(pair)>"
        }
    }

    /// `.mergeableSet`, `BackingStrategy.mergeableSet` or `ForkedModel::BackingStrategy.mergeableSet`.
    init?(spelledBy expression: ExprSyntax) {
        guard let access = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = access.base,
           !["BackingStrategy", "ForkedModel::BackingStrategy"].contains(base.trimmedDescription) {
            return nil
        }
        self.init(rawValue: access.declName.baseName.text)
    }
}

/// A `@Backed(by:)` property as the macros see it: its name, strategy and storage type.
struct BackedProperty {
    let name: String
    let strategy: BackingStrategyName
    let storageType: String

    /// Reads the property; `nil` (after reporting why, when `context` is given) when it cannot be backed.
    init?(attribute: AttributeSyntax, declaration: some DeclSyntaxProtocol, context: (any MacroExpansionContext)?) {
        func report(_ message: ModelDiagnostic, at node: some SyntaxProtocol) {
            context?.diagnose(Diagnostic(node: node, message: message))
        }
        guard let variable = declaration.as(VariableDeclSyntax.self),
              variable.bindingSpecifier.tokenKind == .keyword(.var),
              variable.bindings.count == 1, let binding = variable.bindings.first,
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
              !ModelPropertyReader.isComputed(binding)
        else {
            report(.backedNotOnVariable, at: attribute)
            return nil
        }
        let name = identifier.identifier.text
        // `@Backed` alone is a mergeable value.
        var strategy = BackingStrategyName.mergeableValue
        var strategyNode = Syntax(attribute)
        if case .argumentList(let arguments) = attribute.arguments, let argument = arguments.first?.expression {
            guard let named = BackingStrategyName(spelledBy: argument) else {
                report(.unknownBacking(spelled: argument.trimmedDescription), at: argument)
                return nil
            }
            strategy = named
            strategyNode = Syntax(argument)
        }
        guard let type = binding.typeAnnotation?.type else {
            report(.backedNeedsType(name: name), at: binding.pattern)
            return nil
        }
        guard let storageType = strategy.storageType(for: type) else {
            report(.backingDoesNotFit(strategy: strategy, name: name, type: DeclaredTypeKind(type)), at: strategyNode)
            return nil
        }
        self.name = name
        self.strategy = strategy
        self.storageType = storageType
    }

    /// `@Backed` or `@ForkedModel.Backed` on `variable`.
    static func attribute(of variable: VariableDeclSyntax) -> AttributeSyntax? {
        ModelPropertyReader.attribute(named: "Backed", of: variable)
    }
}
