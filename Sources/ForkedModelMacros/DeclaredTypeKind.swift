import SwiftSyntax

/// What the macro can tell about a property's declared type from its spelling alone.
///
/// Type aliases and user types are `.other`: the macro cannot see through them, so it accepts
/// any strategy for them and leaves the final word to the type checker.
enum DeclaredTypeKind: Equatable {
    case string
    case array
    case set
    case dictionary
    /// A standard scalar (Int, Bool, UUID, ...): no merge strategy fits it.
    case scalar(String)
    case other

    /// Classifies `type`, looking through one level of `Optional`.
    init(_ type: TypeSyntax) {
        let wrapped = Self.unwrappingOptional(type)
        if wrapped.is(ArrayTypeSyntax.self) {
            self = .array
        } else if wrapped.is(DictionaryTypeSyntax.self) {
            self = .dictionary
        } else if let name = Self.standardName(of: wrapped) {
            switch name {
            case "String": self = .string
            case "Array": self = .array
            case "Set": self = .set
            case "Dictionary": self = .dictionary
            case _ where Self.scalarNames.contains(name): self = .scalar(name)
            default: self = .other
            }
        } else {
            self = .other
        }
    }

    /// Whether `type` is spelled as an optional, and so has an implicit `nil` default.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        unwrappingOptional(type).id != type.id
    }

    /// The strategy `@Merged` picks when none is named, or `nil` when nothing fits.
    var defaultStrategy: MergeStrategyName? {
        switch self {
        case .string: .textMerge
        case .array: .arrayMerge
        case .set: .setMerge
        case .dictionary: .dictionaryMerge
        case .scalar: nil
        case .other: .mergeable
        }
    }

    /// Whether `strategy` can merge a value of this kind.
    func fits(_ strategy: MergeStrategyName) -> Bool {
        switch (self, strategy) {
        case (.other, _): true
        case (.string, .textMerge): true
        case (.array, .arrayMerge), (.array, .arrayOfIdentifiableMerge): true
        case (.set, .setMerge): true
        case (.dictionary, .dictionaryMerge): true
        default: false
        }
    }

    /// How messages name this kind of type.
    var spokenName: String {
        switch self {
        case .string: "a String"
        case .array: "an Array"
        case .set: "a Set"
        case .dictionary: "a Dictionary"
        case .scalar(let name): "'\(name)'"
        case .other: "this type"
        }
    }

    private static let scalarNames: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "Character", "Substring", "UUID", "Date", "URL", "Data", "Decimal",
    ]

    /// `String`, `Swift.String` and `Foundation.UUID` name standard types; other member types
    /// (`MyModule.Thing`) do not.
    private static func standardName(of type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self),
           let base = member.baseType.as(IdentifierTypeSyntax.self),
           ["Swift", "Foundation"].contains(base.name.text) {
            return member.name.text
        }
        return nil
    }

    private static func unwrappingOptional(_ type: TypeSyntax) -> TypeSyntax {
        if let optional = type.as(OptionalTypeSyntax.self) {
            return optional.wrappedType
        }
        if let implicitlyUnwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return implicitlyUnwrapped.wrappedType
        }
        if standardName(of: type) == "Optional",
           let arguments = genericArguments(of: type), arguments.count == 1,
           let wrapped = arguments.first?.argument.as(TypeSyntax.self) {
            return wrapped
        }
        return type
    }

    /// The element type of `[E]` or `Array<E>`, as spelled.
    static func elementTypes(ofArray type: TypeSyntax) -> String? {
        if let array = type.as(ArrayTypeSyntax.self) { return array.element.trimmedDescription }
        return genericArgumentsSpelled(of: type, named: "Array", count: 1)
    }

    /// The element type of `Set<E>`, as spelled.
    static func elementTypes(ofSet type: TypeSyntax) -> String? {
        genericArgumentsSpelled(of: type, named: "Set", count: 1)
    }

    /// The key and value types of `[K: V]` or `Dictionary<K, V>`, as spelled and separated by a comma.
    static func elementTypes(ofDictionary type: TypeSyntax) -> String? {
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return "\(dictionary.key.trimmedDescription), \(dictionary.value.trimmedDescription)"
        }
        return genericArgumentsSpelled(of: type, named: "Dictionary", count: 2)
    }

    /// The generic arguments of the standard type `name`, joined by commas, when `type` names it
    /// with `count` of them.
    private static func genericArgumentsSpelled(of type: TypeSyntax, named name: String, count: Int) -> String? {
        guard standardName(of: type) == name, let arguments = genericArguments(of: type), arguments.count == count else {
            return nil
        }
        return arguments.map { $0.argument.trimmedDescription }.joined(separator: ", ")
    }

    private static func genericArguments(of type: TypeSyntax) -> GenericArgumentListSyntax? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.genericArgumentClause?.arguments
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.genericArgumentClause?.arguments
        }
        return nil
    }
}
