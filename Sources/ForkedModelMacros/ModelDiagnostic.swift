import SwiftDiagnostics

/// Every mistake `@ForkedModel` and `@Merged` report, each with a message that says how to fix it.
enum ModelDiagnostic: DiagnosticMessage {
    case notAStruct(kind: String)
    case letProperty(name: String)
    case lazyProperty(name: String)
    case missingDefaultValue(name: String)
    case missingTypeAnnotation(name: String)
    case severalVariables
    case patternNotAName
    case conditionalProperty(name: String)
    case mergedOnComputedProperty(name: String)
    case mergedNotOnVariable
    case mergedOutsideModel
    case unknownStrategy(spelled: String)
    case strategyDoesNotFit(strategy: MergeStrategyName, name: String, type: DeclaredTypeKind)
    case noStrategyForType(name: String, type: DeclaredTypeKind)
    case invalidVersion
    case mergeAlreadyImplemented
    case backedNotOnVariable
    case unknownBacking(spelled: String)
    case backedNeedsType(name: String)
    case backingDoesNotFit(strategy: BackingStrategyName, name: String, type: DeclaredTypeKind)
    case backedAndMerged(name: String)

    var message: String {
        switch self {
        case .notAStruct(let kind):
            "@ForkedModel can only be applied to a struct, not to \(kind.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(kind)"
        case .letProperty(let name):
            "'\(name)' is a 'let'; a @ForkedModel property must be a 'var' so the merge can set it"
        case .lazyProperty(let name):
            "'\(name)' is 'lazy'; a @ForkedModel property cannot be lazy because reading it would mutate the value being merged"
        case .missingDefaultValue(let name):
            "'\(name)' needs a default value; every stored property of a @ForkedModel struct must have one"
        case .missingTypeAnnotation(let name):
            "'\(name)' needs a type annotation so @Merged can choose a strategy, or name one with @Merged(using:)"
        case .severalVariables:
            "@ForkedModel needs one variable per declaration; split this declaration so each property can be merged"
        case .patternNotAName:
            "@ForkedModel cannot merge a tuple pattern; declare each property on its own"
        case .conditionalProperty(let name):
            "'\(name)' is declared inside '#if'; @ForkedModel cannot merge a property that may not exist, so declare it unconditionally"
        case .mergedOnComputedProperty(let name):
            "@Merged cannot apply to the computed property '\(name)'; only stored properties are merged"
        case .mergedNotOnVariable:
            "@Merged can only mark a stored property of a @ForkedModel struct"
        case .mergedOutsideModel:
            "@Merged has no effect here; mark the enclosing struct @ForkedModel to merge its properties"
        case .unknownStrategy(let spelled):
            "'\(spelled)' is not a merge strategy; use one of \(MergeStrategyName.spellable.map { ".\($0.rawValue)" }.joined(separator: ", "))"
        case .strategyDoesNotFit(let strategy, let name, let type):
            "'.\(strategy.rawValue)' cannot merge '\(name)', which is \(type.spokenName)"
        case .noStrategyForType(let name, let type):
            "'\(name)' is \(type.spokenName), which has no merge strategy; remove @Merged to let the most recent change win"
        case .invalidVersion:
            "the model version must be a non-negative integer literal"
        case .mergeAlreadyImplemented:
            "this struct already implements 'merged(withSubordinate:commonAncestor:)'; remove it to let @ForkedModel generate the merge, or remove @ForkedModel"
        case .backedNotOnVariable:
            "@Backed can only mark a single stored 'var' with a name"
        case .unknownBacking(let spelled):
            "'\(spelled)' is not a backing type; use one of \(BackingStrategyName.allCases.map { ".\($0.rawValue)" }.joined(separator: ", "))"
        case .backedNeedsType(let name):
            "'\(name)' needs a type annotation so @Backed can declare its storage"
        case .backingDoesNotFit(let strategy, let name, let type):
            "'.\(strategy.rawValue)' cannot back '\(name)', which is \(type.spokenName)"
        case .backedAndMerged(let name):
            "'\(name)' is marked both @Backed and @Merged; a backed property merges as its backing type, so remove one"
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .notAStruct: "notAStruct"
        case .letProperty: "letProperty"
        case .lazyProperty: "lazyProperty"
        case .missingDefaultValue: "missingDefaultValue"
        case .missingTypeAnnotation: "missingTypeAnnotation"
        case .severalVariables: "severalVariables"
        case .patternNotAName: "patternNotAName"
        case .conditionalProperty: "conditionalProperty"
        case .mergedOnComputedProperty: "mergedOnComputedProperty"
        case .mergedNotOnVariable: "mergedNotOnVariable"
        case .mergedOutsideModel: "mergedOutsideModel"
        case .unknownStrategy: "unknownStrategy"
        case .strategyDoesNotFit: "strategyDoesNotFit"
        case .noStrategyForType: "noStrategyForType"
        case .invalidVersion: "invalidVersion"
        case .mergeAlreadyImplemented: "mergeAlreadyImplemented"
        case .backedNotOnVariable: "backedNotOnVariable"
        case .unknownBacking: "unknownBacking"
        case .backedNeedsType: "backedNeedsType"
        case .backingDoesNotFit: "backingDoesNotFit"
        case .backedAndMerged: "backedAndMerged"
        }
        return MessageID(domain: "ForkedModel", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its offered with those diagnostics.
enum ModelFixIt: FixItMessage {
    case replaceLetWithVar
    case useStrategy(MergeStrategyName)
    case removeMerged
    case splitDeclaration

    var message: String {
        switch self {
        case .replaceLetWithVar: "Replace 'let' with 'var'"
        case .useStrategy(let strategy): "Use '.\(strategy.rawValue)'"
        case .removeMerged: "Remove '@Merged'"
        case .splitDeclaration: "Declare each variable on its own"
        }
    }

    var fixItID: MessageID {
        let id = switch self {
        case .replaceLetWithVar: "replaceLetWithVar"
        case .useStrategy: "useStrategy"
        case .removeMerged: "removeMerged"
        case .splitDeclaration: "splitDeclaration"
        }
        return MessageID(domain: "ForkedModel", id: id)
    }
}
