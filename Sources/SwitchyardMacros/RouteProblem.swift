import SwiftDiagnostics
import SwiftSyntax

/// A misuse of `@Route` or `@RouteQuery`: an error on the token it is about.
struct RouteProblem: DiagnosticMessage, Error {
    let message: String
    let id: String

    var diagnosticID: MessageID { MessageID(domain: "Switchyard.Route", id: id) }
    var severity: DiagnosticSeverity { .error }
}

/// Every problem found in one declaration: the macro reports them all at once.
struct RouteProblems: Error {
    var diagnostics: [Diagnostic] = []

    mutating func add(_ node: some SyntaxProtocol, _ id: String, _ message: String) {
        diagnostics.append(Diagnostic(node: Syntax(node), message: RouteProblem(message: message, id: id)))
    }

    var isEmpty: Bool { diagnostics.isEmpty }
}
