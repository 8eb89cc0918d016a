import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// Characters that change how a log line reads without being seen: controls, line and
/// paragraph separators, bidirectional overrides, the byte-order mark.
func isInvisibleOrControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF: return true
    default: return false
    }
}

/// Error messages and logs quote what strangers sent: a raw newline there forges a log line,
/// a NUL cuts it, a bidirectional override makes it read backwards, 60 KB floods it. Every
/// message below quotes hostile text and must come out on one visible, bounded line.
@Suite("Security battery: messages and logs quote hostile text safely")
@MainActor
struct LogSafetyTests {
    static let hostile = "evil\n[INFO] forged line\r\u{0}\u{202E}gnp.exe\u{2028}\u{1B}[31m" + String(repeating: "x", count: 5_000)
    static let encoded = hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!

    static func check(_ message: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!message.unicodeScalars.contains(where: isInvisibleOrControl), "\(label): \(message.debugDescription.prefix(300))",
                sourceLocation: sourceLocation)
        #expect(message.count < 6_000, "\(label) is \(message.count) characters long", sourceLocation: sourceLocation)
        #expect(!message.contains("\n"), "\(label)", sourceLocation: sourceLocation)
    }

    @Test func routingAndPatternErrors() throws {
        let routes = try table(["/product/<int:id>"])
        Self.check(routes.failure("/product/" + Self.hostile)?.description ?? "", "malformed URL")
        Self.check(routes.failure("/\u{202E}evil/" + String(repeating: "y", count: 9_000))?.description ?? "", "no match")
        Self.check(routes.failure("https://evil\u{202E}.example.com/x")?.description ?? "", "host not associated")
        Self.check(routes.failure("ev\u{202E}il://x")?.description ?? "", "scheme not accepted")
        do {
            _ = try RoutePattern("/a\u{202E}b/:x(" + Self.hostile)
        } catch {
            Self.check(error.description, "pattern error")
        }
        do {
            _ = try RegexPattern("(a\u{202E}+)+")
        } catch {
            Self.check(error.description, "regex hazard")
        }
        let conflicts = try RouteTable<Int>(configuration: .quiet).register([RouteSpec("/a\u{202E}b", target: 1), RouteSpec("/A\u{202E}B", target: 2)])
        Self.check(conflicts[1].conflicts.first?.description ?? "", "route conflict")
    }

    @Test func parameterAndOpenErrorsAndTheRouteLog() async throws {
        let (router, navigator) = try pipeline(recording: 10)
        try router.page("/text/:value") { request in
            Destination("text", name: try request.require("value", as: Int.self).description)
        }
        router.addInterceptor(Step(name: "echo", only: "/product/9") { request in .reject(Failure(description: "refused \(request.url)")) })
        let results = [
            await router.open("/text/" + Self.encoded),
            await router.open("/product/9?note=" + Self.encoded),
            await router.open("/product/" + Self.hostile),
        ]
        for result in results { Self.check(result.description, "open result \(result.outcome)") }
        #expect(navigator.shown.isEmpty)
        let log = router.recorder?.exportText() ?? ""
        #expect(log.split(separator: "\n").count == 3, "one line per open")
        for line in log.split(separator: "\n") { Self.check(String(line), "route log") }
        Self.check(ParameterError(name: "id", reason: .invalid(value: Self.hostile, expected: "Int")).description, "parameter error")
    }

    /// Found in review: the cut counted characters, and one character can carry 32,000
    /// combining marks, so a whole 64 KB path still landed in the message.
    @Test func theCutCountsScalarsNotCharacters() throws {
        let routes = try table(["/product/<int:id>"])
        let oneCharacter = "/a" + String(repeating: "\u{0301}", count: 30_000)
        let message = routes.failure(oneCharacter)?.description ?? ""
        #expect(message.unicodeScalars.count < 400, "\(message.unicodeScalars.count) scalars")
        for invisible in ["\u{061C}", "\u{200B}", "\u{200D}", "\u{2060}", "\u{2064}", "\u{180E}"] {
            Self.check(SecurityError.foreignRedirect("a" + invisible + "b").description, "U+\(String(invisible.unicodeScalars.first!.value, radix: 16))")
        }
    }

    @Test func securityMediatorManifestAndModuleMessages() {
        Self.check(SecurityError.foreignRedirect(Self.hostile).description, "foreign redirect")
        Self.check(SecurityError.blocked(pattern: "/x", message: Self.hostile).description, "degrade message")
        Self.check(MediatorError.malformedURL(url: Self.hostile, reason: Self.hostile).description, "mediator")
        Self.check(MediatorError.targetNotFound(target: Self.hostile, action: Self.hostile, searched: []).description, "mediator target")
        Self.check(ManifestProblem(path: "$.routes[0]", message: Self.hostile).description, "manifest problem")
        Self.check(ManifestError.unknownKey(Self.hostile, known: []).description, "manifest key")
        Self.check(ManifestEvent.fetchFailed(Self.hostile).description, "manifest event")
        Self.check(ModuleReport.Failure(module: "M", step: "load", reason: Self.hostile).description, "module failure")
        Self.check(OpenError.invalidWebPage(url: Self.hostile, reason: "x").description, "web page")
        Self.check(RoutingError.regexGaveUp(regex: Self.hostile, path: Self.hostile, LimitExceeded(.regexInput, value: 2, maximum: 1)).description,
                   "regex gave up")
    }
}
