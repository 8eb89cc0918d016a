import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin behind `@Route` and `@RouteQuery`.
@main
struct SwitchyardMacroPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [RouteMacro.self, RouteQueryMacro.self]
}
