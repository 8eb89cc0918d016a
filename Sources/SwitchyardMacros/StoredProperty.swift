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
    /// The default value as written, when there is one.
    let defaultText: String?
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
            if member.decl.is(IfConfigDeclSyntax.self) {
                // What is inside depends on the build; the route must not.
                problems.add(member.decl, "propertyInIfConfig", "@Route cannot read properties inside #if: declare the route's properties outside it")
                continue
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { continue }
            if variable.modifiers.contains(where: { $0.name.text == "lazy" }) {
                problems.add(variable, "lazyProperty", "a lazy property cannot be part of a route: make it computed, or a stored property")
                continue
            }
            let queryName = Self.queryName(of: variable, problems: &problems)
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    if binding.accessorBlock == nil {
                        problems.add(binding.pattern, "tuplePattern", "@Route reads one property per name: declare each of these on its own")
                    }
                    continue
                }
                let typeSyntax = binding.typeAnnotation?.type ?? (binding.initializer == nil ? Self.sharedType(after: index, in: bindings) : nil)
                let spelled = identifier.identifier.text
                properties.append(StoredProperty(
                    spelledName: spelled,
                    name: spelled.trimmingBackticks,
                    binding: binding,
                    type: typeSyntax.map(PropertyType.init),
                    typeSyntax: typeSyntax,
                    hasDefault: binding.initializer != nil,
                    defaultText: binding.initializer?.value.trimmedDescription,
                    isLet: isLet,
                    isComputed: binding.accessorBlock.map(Self.isComputed) ?? false,
                    queryName: bindings.count == 1 ? queryName : nil
                ))
            }
        }
        return properties
    }

    /// In `var a, b: Int` the type written later applies to `a` too, unless a binding between
    /// them has a value of its own (`var a = "s", b: Int` gives `a` the type of `"s"`).
    private static func sharedType(after index: Int, in bindings: [PatternBindingSyntax]) -> TypeSyntax? {
        for next in bindings[(index + 1)...] {
            if let type = next.typeAnnotation?.type { return type }
            if next.initializer != nil { return nil }
        }
        return nil
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
