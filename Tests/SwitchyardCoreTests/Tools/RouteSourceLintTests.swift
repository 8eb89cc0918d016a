import ArgumentParser
import Foundation
import SwitchyardTools
import Testing

/// `switchyard lint` on Swift sources, as `swift package switchyard-lint` runs it: the `@Route`
/// structs of several files linted as one table, with the rules and words of `lint`.
@Suite("The switchyard tool: @Route structs in sources")
struct RouteSourceLintTests {
    @Test func theScannerReadsEveryRouteAttributeAsTheCompilerParsesIt() {
        let source = #"""
            import Switchyard
            @Route("/a/<int:id>") struct A { let id: Int }
            @SwitchyardTypedRoutes.Route(#"/b/:x"#)
            public struct B { let x: String }
            enum Namespace {
                @Route("/c\u{2F}d") struct Nested {}
            }
            @Route(pattern) struct NotALiteral {}
            // @Route("/commented") struct Commented {}
            let text = "@Route(\"/in/a/string\") struct S {}"
            """#
        let found = RouteSourceScanner.declarations(in: source, file: "Routes.swift")
        #expect(found.map(\.pattern) == ["/a/<int:id>", "/b/:x", "/c/d"])
        #expect(found.map(\.location) == ["Routes.swift:2 A", "Routes.swift:3 B", "Routes.swift:6 Nested"])
    }

    @Test func routesInTwoFilesThatCollideAreErrorsAtTheirDeclarations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"@Route("/product/<int:id>") struct ProductRoute { let id: Int }"#.utf8).write(to: folder.appendingPathComponent("A.swift"))
        try Data(#"@Route("/product/<int:sku>") struct DealRoute { let sku: Int }"#.utf8).write(to: folder.appendingPathComponent("B.swift"))
        let declarations = try RouteSourceScanner.scan([folder.path])
        let report = Linter.lint(routes: declarations, file: "sources")
        let a = folder.appendingPathComponent("A.swift").path, b = folder.appendingPathComponent("B.swift").path
        #expect(report.findings == [LintReport.Finding(
            severity: "error", path: "\(b):1 DealRoute",
            message: "/product/<int:sku> duplicates /product/<int:id> (\(a):1 ProductRoute) at the same priority: at run time whichever registers first "
                + "takes every URL both match and the other never wins; give one another path or a priority; both match /product/1"
        )])
        #expect(throws: ExitCode(1)) { var command = try SwitchyardCommand.parseAsRoot(["lint", folder.path]); try command.run() }
        try Data(#"@Route("/deal/<int:sku>") struct DealRoute { let sku: Int }"#.utf8).write(to: folder.appendingPathComponent("B.swift"))
        #expect(throws: Never.self) { var command = try SwitchyardCommand.parseAsRoot(["lint", folder.path]); try command.run() }
    }

    /// Found in review: two manifests were read as Swift, found nothing and passed.
    @Test func lintRefusesWhatItWouldNotCheck() {
        #expect(toolMessage(["lint", "a.json", "b.json"]) == "Error: a.json is not Swift: lint reads one manifest or route export, or Swift files and folders")
        #expect(toolMessage(["lint", "A.swift", "--targets", "Product/detail"]) == "Error: --targets checks a manifest's native routes; Swift sources have none")
    }

    @Test func aSourceAtTheSizeLimitIsReadAndOnePastIsRefused() throws {
        let route = #"@Route("/a") struct A {}"# + "\n"
        let padding = { (count: Int) in route + "//" + String(repeating: " ", count: count) + "\n" }
        let overhead = padding(0).utf8.count
        let atLimit = try temporaryFile(padding(RouteSourceScanner.maximumFileBytes - overhead), suffix: ".swift")
        #expect(try RouteSourceScanner.scan([atLimit]).map(\.pattern) == ["/a"])
        let pastLimit = try temporaryFile(padding(RouteSourceScanner.maximumFileBytes - overhead + 1), suffix: ".swift")
        #expect(throws: ToolError("Swift source \(pastLimit) is over 4194304 bytes, the limit for it")) { try RouteSourceScanner.scan([pastLimit]) }
    }

    @Test func aMissingSourceIsAnErrorNamingIt() {
        #expect(throws: ToolError("cannot read /nonexistent/Routes.swift: no such file or folder")) {
            try RouteSourceScanner.scan(["/nonexistent/Routes.swift"])
        }
    }
}
