import SwiftSyntax
import SwiftSyntaxMacros

/// `@RouteQuery("name")`: the query item a property of a typed route is read from and written
/// to. A marker: `@Route` reads it; on its own it generates nothing.
public struct RouteQueryMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var problems = RouteProblems()
        if let variable = declaration.as(VariableDeclSyntax.self) {
            if variable.bindings.count != 1 {
                problems.add(node, "queryOnManyBindings", "@RouteQuery names one query item: declare this property on its own line")
            }
        } else {
            problems.add(node, "queryNotOnProperty", "@RouteQuery applies to a stored property of a @Route struct")
        }
        // An argument that is not a literal is reported by @Route, which reads it.
        problems.diagnostics.forEach(context.diagnose)
        return []
    }

    /// The query name in `@RouteQuery("name")`, when it is a non-empty literal.
    static func name(in attribute: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = attribute.arguments, arguments.count == 1,
              let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self),
              let name = literal.representedLiteralValue, !name.isEmpty else { return nil }
        return name
    }
}
