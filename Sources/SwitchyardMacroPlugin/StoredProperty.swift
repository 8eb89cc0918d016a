import SwiftSyntax

/// A property of the struct `@Route` is attached to, as far as it matters to a route.
struct StoredProperty {
    /// The name as written, backticks included, for the generated code.
    let spelledName: String
    /// The name without backticks, as the pattern names a parameter.
    let name: String
    let binding: PatternBindingSyntax
    let type: PropertyType?
    let typeSyntax: TypeSyntax?
    let hasDefault: Bool
    let isLet: Bool
    let isComputed: Bool
    /// The name given by `@RouteQuery("name")`, and where.
    let queryName: (name: String, attribute: AttributeSyntax)?

    /// A `let` with a value is fixed: it is no value of the route.
    var isConstant: Bool { isLet && hasDefault }

    /// The instance properties declared in `members`; problems with `@RouteQuery` are added.
    static func all(in members: MemberBlockItemListSyntax, problems: inout RouteProblems) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { continue }
            let queryName = Self.queryName(of: variable, problems: &problems)
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                // In `var a, b: Int` the type written last applies to both.
                let typeSyntax = binding.typeAnnotation?.type
                    ?? bindings[index...].lazy.compactMap { $0.typeAnnotation?.type }.first
                let spelled = identifier.identifier.text
                properties.append(StoredProperty(
                    spelledName: spelled,
                    name: spelled.trimmingBackticks,
                    binding: binding,
                    type: typeSyntax.map(PropertyType.init),
                    typeSyntax: typeSyntax,
                    hasDefault: binding.initializer != nil,
                    isLet: isLet,
                    isComputed: binding.accessorBlock.map(Self.isComputed) ?? false,
                    queryName: bindings.count == 1 ? queryName : nil
                ))
            }
        }
        return properties
    }

    /// Observers (`willSet`, `didSet`) keep a property stored; any other accessor computes it.
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }

    private static func queryName(of variable: VariableDeclSyntax, problems: inout RouteProblems) -> (String, AttributeSyntax)? {
        for case .attribute(let attribute) in variable.attributes where attribute.attributeName.trimmedDescription == "RouteQuery" {
            guard let name = RouteQueryMacro.name(in: attribute) else {
                problems.add(attribute, "queryNameNotLiteral", "@RouteQuery takes the query item's name as a non-empty string literal: @RouteQuery(\"ref\")")
                return nil
            }
            return (name, attribute)
        }
        return nil
    }
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
