import SwiftSyntax

/// A stored property's type as `@Route` reads it from the source: optional, array, or a name.
///
/// Only what is spelled is known here: a type alias is its own name.
indirect enum PropertyType {
    case optional(PropertyType)
    case array(PropertyType)
    case named(String, TypeSyntax)

    init(_ type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            self = .optional(PropertyType(optional.wrappedType))
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .optional(PropertyType(unwrapped.wrappedType))
        } else if let array = type.as(ArrayTypeSyntax.self) {
            self = .array(PropertyType(array.element))
        } else if let (name, argument) = Self.genericWrapper(type), let argument {
            switch name {
            case "Optional": self = .optional(PropertyType(argument))
            case "Array": self = .array(PropertyType(argument))
            default: self = .named(Self.normalized(type), type)
            }
        } else {
            self = .named(Self.normalized(type), type)
        }
    }

    /// `Optional<T>` or `Array<T>`, also qualified as `Swift.Optional<T>`: the name and `T`.
    private static func genericWrapper(_ type: TypeSyntax) -> (String, TypeSyntax?)? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return (identifier.name.text, identifier.genericArgumentClause?.onlyType)
        }
        if let member = type.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "Swift" {
            return (member.name.text, member.genericArgumentClause?.onlyType)
        }
        return nil
    }

    /// The name without spaces and without the `Swift.` or `Foundation.` a module may qualify it with.
    private static func normalized(_ type: TypeSyntax) -> String {
        var text = type.trimmedDescription.filter { !$0.isWhitespace }
        for module in ["Swift.", "Foundation."] where text.hasPrefix(module) {
            text.removeFirst(module.count)
        }
        return text
    }

    /// The type without one level of optional, and whether there was one.
    var unwrapped: (type: PropertyType, isOptional: Bool) {
        if case .optional(let inner) = self { return (inner, true) }
        return (self, false)
    }

    /// The type as written, for messages.
    var spelled: String {
        switch self {
        case .optional(let inner): return inner.spelled + "?"
        case .array(let element): return "[" + element.spelled + "]"
        case .named(_, let syntax): return syntax.trimmedDescription
        }
    }
}

private extension GenericArgumentClauseSyntax {
    /// The single type argument, when there is exactly one.
    var onlyType: TypeSyntax? {
        guard arguments.count == 1, let argument = arguments.first else { return nil }
        return TypeSyntax(argument.argument.as(TypeSyntax.self))
    }
}
