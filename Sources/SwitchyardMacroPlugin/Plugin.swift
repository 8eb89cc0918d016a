import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros
import SwitchyardMacros

/// The compiler plugin behind `@Route` and `@RouteQuery`.
///
/// The compiler asks for `SwitchyardMacroPlugin.RouteMacro` by that name, so the types it finds
/// here hand each expansion to the code in `SwitchyardMacros`, which its tests link.
@main
struct SwitchyardMacroPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [RouteMacro.self, RouteQueryMacro.self]
}

/// `@Route`; see `SwitchyardMacros.RouteMacro`.
public struct RouteMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try SwitchyardMacros.RouteMacro.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context
        )
    }
}

/// `@RouteQuery`; see `SwitchyardMacros.RouteQueryMacro`.
public struct RouteQueryMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try SwitchyardMacros.RouteQueryMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}
