import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A stored property of a `@ForkedModel` struct and the rule it merges by.
struct ModelProperty: Equatable {
    /// How one property merges.
    enum Rule: Equatable {
        /// No `@Merged`: the side that changed it wins, the dominant side when both did.
        case mostRecentChange
        /// `@Merged`: merged with a strategy.
        case merged(MergeStrategyName)
        /// `@Backed(by:)`: the replicated storage `_name` merges through its own conformance.
        case backed
    }

    /// The property's name as spelled, backticks included, so it can be used in code as is.
    let name: String
    let rule: Rule

    /// The statement that merges this property into `result`.
    var mergeStatement: String {
        let sides = "self.\(name), withSubordinate: other.\(name), commonAncestor: commonAncestor.\(name)"
        switch rule {
        case .backed:
            let storage = "_\(name)"
            return "result.\(storage) = try ForkedModel::PropertyMerging.merge(self.\(storage), withSubordinate: other.\(storage), commonAncestor: commonAncestor.\(storage))"
        case .mostRecentChange:
            return "result.\(name) = ForkedModel::PropertyMerging.mostRecentChange(\(sides))"
        case .merged(let strategy):
            if let merger = strategy.mergerExpression {
                return "result.\(name) = try ForkedModel::PropertyMerging.merge(\(sides), using: \(merger))"
            }
            return "result.\(name) = try ForkedModel::PropertyMerging.merge(\(sides))"
        }
    }
}

/// Reads the stored properties of a struct's member block, reporting every mistake it finds.
struct ModelPropertyReader {
    let context: any MacroExpansionContext
    /// How many mistakes were reported so far.
    private(set) var mistakeCount = 0

    /// Whether any mistake was reported: the property list is then incomplete.
    var foundMistake: Bool { mistakeCount > 0 }

    init(context: some MacroExpansionContext) {
        self.context = context
    }

    /// The stored properties to merge, in declaration order. Check ``foundMistake`` afterwards:
    /// when it is set, the list is incomplete and no conformance should be generated.
    mutating func properties(of members: MemberBlockItemListSyntax) -> [ModelProperty] {
        members.compactMap { member in
            if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                reportConditionalProperties(in: conditional)
                return nil
            }
            return member.decl.as(VariableDeclSyntax.self).flatMap { property(of: $0) }
        }
    }

    /// The generated merge cannot know which `#if` branch is compiled, so stored properties
    /// inside one are reported rather than left out of the merge unnoticed.
    private mutating func reportConditionalProperties(in conditional: IfConfigDeclSyntax) {
        for clause in conditional.clauses {
            guard case .decls(let members) = clause.elements else { continue }
            for member in members {
                if let nested = member.decl.as(IfConfigDeclSyntax.self) {
                    reportConditionalProperties(in: nested)
                    continue
                }
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                      !variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) })
                else { continue }
                for binding in variable.bindings where !Self.isComputed(binding) {
                    report(.conditionalProperty(name: binding.pattern.trimmedDescription), at: binding.pattern)
                }
            }
        }
    }

    private mutating func property(of variable: VariableDeclSyntax) -> ModelProperty? {
        let mergedAttribute = Self.mergedAttribute(of: variable)
        if variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) {
            if let mergedAttribute { report(.mergedNotOnVariable, at: mergedAttribute) }
            return nil
        }
        guard variable.bindings.count == 1, let binding = variable.bindings.first else {
            report(.severalVariables, at: variable.bindings, fixIts: Self.splitDeclaration(variable).map { [$0] } ?? [])
            return nil
        }
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
            report(.patternNotAName, at: binding.pattern)
            return nil
        }
        let name = identifier.identifier.text
        if Self.isComputed(binding) {
            if let mergedAttribute { report(.mergedOnComputedProperty(name: name), at: mergedAttribute) }
            return nil
        }

        let mistakesBefore = mistakeCount
        checkDeclaration(variable, binding: binding, name: name)
        var rule = ModelProperty.Rule.mostRecentChange
        if BackedProperty.attribute(of: variable) != nil {
            // @Backed reports its own mistakes; the storage it declares is what merges.
            if let mergedAttribute { report(.backedAndMerged(name: name), at: mergedAttribute) }
            rule = .backed
        } else if let mergedAttribute {
            guard let strategy = mergeStrategy(for: mergedAttribute, variable: variable, binding: binding, name: name) else {
                return nil
            }
            rule = .merged(strategy)
        }
        guard mistakeCount == mistakesBefore else { return nil }
        return ModelProperty(name: name, rule: rule)
    }

    /// `let`, `lazy` and missing defaults, each reported on its own.
    private mutating func checkDeclaration(_ variable: VariableDeclSyntax, binding: PatternBindingSyntax, name: String) {
        let specifier = variable.bindingSpecifier
        if specifier.tokenKind == .keyword(.let) {
            let fixIt = FixIt(
                message: ModelFixIt.replaceLetWithVar,
                changes: [.replace(oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.var))))]
            )
            report(.letProperty(name: name), at: specifier, fixIts: [fixIt])
        }
        if let lazy = variable.modifiers.first(where: { $0.name.tokenKind == .keyword(.lazy) }) {
            report(.lazyProperty(name: name), at: lazy)
        }
        let hasImplicitNil = specifier.tokenKind == .keyword(.var)
            && binding.typeAnnotation.map { DeclaredTypeKind.isOptional($0.type) } == true
        if binding.initializer == nil && !hasImplicitNil {
            report(.missingDefaultValue(name: name), at: binding.pattern)
        }
    }

    /// The strategy named by or implied for a `@Merged` property; `nil` after reporting why none fits.
    private mutating func mergeStrategy(
        for attribute: AttributeSyntax, variable: VariableDeclSyntax, binding: PatternBindingSyntax, name: String
    ) -> MergeStrategyName? {
        let kind = binding.typeAnnotation.map { DeclaredTypeKind($0.type) }
        if let argument = Self.strategyArgument(of: attribute) {
            guard let strategy = Self.strategy(spelledBy: argument) else {
                report(.unknownStrategy(spelled: argument.trimmedDescription), at: argument)
                return nil
            }
            if let kind, !kind.fits(strategy) {
                var fixIts: [FixIt] = []
                if let suggestion = kind.defaultStrategy, suggestion != .mergeable {
                    let replacement = ExprSyntax(MemberAccessExprSyntax(name: .identifier(suggestion.rawValue)))
                        .with(\.leadingTrivia, argument.leadingTrivia)
                        .with(\.trailingTrivia, argument.trailingTrivia)
                    fixIts.append(FixIt(
                        message: ModelFixIt.useStrategy(suggestion),
                        changes: [.replace(oldNode: Syntax(argument), newNode: Syntax(replacement))]
                    ))
                } else if kind.defaultStrategy == nil {
                    fixIts.append(Self.removeAttribute(attribute, from: variable))
                }
                report(.strategyDoesNotFit(strategy: strategy, name: name, type: kind), at: argument, fixIts: fixIts)
                return nil
            }
            return strategy
        }
        guard let kind else {
            report(.missingTypeAnnotation(name: name), at: binding.pattern)
            return nil
        }
        guard let strategy = kind.defaultStrategy else {
            report(.noStrategyForType(name: name, type: kind), at: attribute, fixIts: [Self.removeAttribute(attribute, from: variable)])
            return nil
        }
        return strategy
    }

    private mutating func report(_ message: ModelDiagnostic, at node: some SyntaxProtocol, fixIts: [FixIt] = []) {
        mistakeCount += 1
        context.diagnose(Diagnostic(node: node, message: message, fixIts: fixIts))
    }

    /// `@Merged` or `@ForkedModel.Merged`.
    static func mergedAttribute(of variable: VariableDeclSyntax) -> AttributeSyntax? {
        attribute(named: "Merged", of: variable)
    }

    /// The attribute `@name` or `@Module.name` on `variable`.
    static func attribute(named name: String, of variable: VariableDeclSyntax) -> AttributeSyntax? {
        for element in variable.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let type = attribute.attributeName
            let spelled = type.as(IdentifierTypeSyntax.self)?.name.text ?? type.as(MemberTypeSyntax.self)?.name.text
            if spelled == name { return attribute }
        }
        return nil
    }

    /// Getters, setters and the like make a property computed; `willSet`/`didSet` observe a stored one.
    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil:
            return false
        case .getter:
            return true
        case .accessors(let accessors):
            return accessors.contains { ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    private static func strategyArgument(of attribute: AttributeSyntax) -> ExprSyntax? {
        guard case .argumentList(let arguments) = attribute.arguments else { return nil }
        return arguments.first?.expression
    }

    /// `.textMerge`, `MergeStrategy.textMerge` or `ForkedModel::MergeStrategy.textMerge`.
    private static func strategy(spelledBy expression: ExprSyntax) -> MergeStrategyName? {
        guard let access = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = access.base {
            let spelled = base.trimmedDescription
            guard ["MergeStrategy", "ForkedModel::MergeStrategy"].contains(spelled) else { return nil }
        }
        return MergeStrategyName.spellable.first { $0.rawValue == access.declName.baseName.text }
    }

    /// One declaration per variable, each keeping the attributes, modifiers and type it had.
    ///
    /// In `var a, b: Int` the type belongs to both names, so a variable with neither a type nor a
    /// value takes the next variable's type. `nil` for tuple patterns, which have no obvious split.
    private static func splitDeclaration(_ variable: VariableDeclSyntax) -> FixIt? {
        var declarations: [VariableDeclSyntax] = []
        var sharedType: TypeAnnotationSyntax?
        for binding in variable.bindings.reversed() {
            guard binding.pattern.is(IdentifierPatternSyntax.self) else { return nil }
            if let type = binding.typeAnnotation {
                sharedType = type
            } else if binding.initializer != nil {
                sharedType = nil
            }
            var single = binding.with(\.trailingComma, nil)
            if single.typeAnnotation == nil, single.initializer == nil, let sharedType {
                single = single.with(\.pattern, single.pattern.trimmed).with(\.typeAnnotation, sharedType.trimmed)
            }
            let declaration = variable
                .with(\.bindings, PatternBindingListSyntax([single.with(\.trailingTrivia, [])]))
                .with(\.leadingTrivia, variable.leadingTrivia)
            declarations.insert(declaration, at: 0)
        }
        guard let last = declarations.indices.last else { return nil }
        declarations[last] = declarations[last].with(\.trailingTrivia, variable.trailingTrivia)
        // A fix-it replaces one node, so the declarations go in as the text of a member list.
        let replacement = MemberBlockItemListSyntax(declarations.map { MemberBlockItemSyntax(decl: $0) })
        return FixIt(message: ModelFixIt.splitDeclaration, changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(replacement))])
    }

    private static func removeAttribute(_ attribute: AttributeSyntax, from variable: VariableDeclSyntax) -> FixIt {
        let remaining = variable.attributes.filter { $0.as(AttributeSyntax.self)?.id != attribute.id }
        let fixed = variable.with(\.attributes, remaining).with(\.leadingTrivia, variable.leadingTrivia)
        return FixIt(message: ModelFixIt.removeMerged, changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(fixed))])
    }
}
