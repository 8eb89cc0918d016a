import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
@testable import SwitchyardMacros
import Testing

/// The macros as the compiler sees them, with `TypedRoute` as the conformance asked for.
let routeMacros: [String: MacroSpec] = [
    "Route": MacroSpec(type: RouteMacro.self, conformances: ["TypedRoute"]),
    "RouteQuery": MacroSpec(type: RouteQueryMacro.self),
]

/// One diagnostic as a reader sees it: the message and where it points (1-based line and column).
struct Reported: Equatable, CustomStringConvertible {
    let message: String
    let line: Int
    let column: Int

    var description: String { "\(line):\(column): \(message)" }
}

/// Expands the macros in `source`; returns the expanded text and what was diagnosed.
func expand(_ source: String) -> (text: String, diagnostics: [Reported]) {
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "test.swift")])
    let expanded = file.expand(macroSpecs: routeMacros, contextGenerator: { _ in context }, indentationWidth: .spaces(4))
    let converter = SourceLocationConverter(fileName: "test.swift", tree: file)
    let reported = context.diagnostics.map { diagnostic in
        let location = diagnostic.location(converter: converter)
        return Reported(message: diagnostic.message, line: location.line, column: location.column)
    }
    return (expanded.description, reported)
}

/// `assertMacroExpansion`, reporting to Swift Testing.
func expectExpansion(
    _ source: String, _ expanded: String, diagnostics: [DiagnosticSpec] = [],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    assertMacroExpansion(
        source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: routeMacros,
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath,
                    line: failure.location.line, column: failure.location.column
                )
            )
        },
        fileID: fileID, filePath: filePath, line: line, column: column
    )
}
