import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Route("pattern")`: makes a struct a `TypedRoute` whose pattern and properties the compiler
/// checked, with the same parser and messages as the router's at run time.
public struct RouteMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var problems = RouteProblems()
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            problems.add(Self.introducer(of: declaration), "notAStruct",
                         "@Route applies to a struct; a \(Self.introducer(of: declaration).text) cannot be a typed route")
            problems.diagnostics.forEach(context.diagnose)
            return []
        }
        let literal = PatternLiteral.read(node, into: &problems)
        let properties = StoredProperty.all(in: structDecl.memberBlock.members, problems: &problems)
        guard let literal else {
            problems.diagnostics.forEach(context.diagnose)
            return []
        }
        let plan = RoutePlan.make(literal: literal, properties: properties, problems: &problems)
        guard problems.isEmpty else {
            problems.diagnostics.forEach(context.diagnose)
            return []
        }
        let access = Self.accessModifier(of: structDecl)
        let conformance = protocols.isEmpty ? "" : ": SwitchyardRouting.TypedRoute"
        let source: DeclSyntax = """
        extension \(type.trimmed)\(raw: conformance) {
            \(raw: access)static var pattern: String {
                \(literal.literal.trimmed)
            }

            \(raw: access)init(request: SwitchyardRouting.RouteRequest) throws(SwitchyardRouting.ParameterError) {
        \(raw: plan.decoding.map { "        " + $0 }.joined(separator: "\n"))
            }

            \(raw: access)var routeValues: SwitchyardRouting.TypedRouteValues {
        \(raw: Self.valuesBody(plan.encoding))
            }
        }
        """
        guard let extensionDecl = source.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// The body of `routeValues`: a route with no values returns them empty, with no `var`
    /// the compiler would warn is never mutated.
    private static func valuesBody(_ encoding: [String]) -> String {
        guard !encoding.isEmpty else { return "        SwitchyardRouting.TypedRouteValues()" }
        return (["var values = SwitchyardRouting.TypedRouteValues()"] + encoding + ["return values"]).map { "        " + $0 }.joined(separator: "\n")
    }

    /// `public ` or `package ` when the struct is, so the conformance is as visible as the type.
    private static func accessModifier(of decl: StructDeclSyntax) -> String {
        for modifier in decl.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// The keyword that says what a declaration is: `enum`, `class`, `actor`, `protocol` or `extension`.
    private static func introducer(of declaration: some DeclGroupSyntax) -> TokenSyntax {
        if let decl = declaration.as(EnumDeclSyntax.self) { return decl.enumKeyword }
        if let decl = declaration.as(ClassDeclSyntax.self) { return decl.classKeyword }
        if let decl = declaration.as(ActorDeclSyntax.self) { return decl.actorKeyword }
        if let decl = declaration.as(ProtocolDeclSyntax.self) { return decl.protocolKeyword }
        if let decl = declaration.as(ExtensionDeclSyntax.self) { return decl.extensionKeyword }
        return declaration.firstToken(viewMode: .sourceAccurate) ?? .keyword(.struct)
    }
}
