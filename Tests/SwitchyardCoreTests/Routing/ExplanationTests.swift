import Switchyard
import Testing

/// `Snapshot.explain`: the routing layer's trace of why a URL opens what it does.
@Suite("Route explanations")
struct ExplanationTests {
    static func table(_ patterns: [String], limits: InputLimits = .default) throws -> RouteTable<String> {
        var configuration = RouterConfiguration()
        configuration.limits = limits
        let table = RouteTable<String>(configuration: configuration)
        for pattern in patterns {
            if pattern.hasPrefix("^") {
                try table.register(regex: pattern, target: pattern)
            } else {
                try table.register(pattern, target: pattern)
            }
        }
        return table
    }

    static func verdicts(_ explanation: RouteExplanation<String>) -> [String] {
        explanation.verdicts.map { "\($0.route.target): \($0.verdict)" }
    }

    @Test func theWinnerTheLosersAndEveryMiss() throws {
        let table = try Self.table(["/product/:id", "/product/<int:id>", "/product/list", "^/legacy/(?<id>\\d+)$", "/help/*"])
        let explanation = table.snapshot.explain("myapp://product/42?from=push")
        #expect(try explanation.result.get().target == "/product/<int:id>")
        #expect(Self.verdicts(explanation) == [
            "/product/:id: matches too, but loses to /product/<int:id>: static beats typed or regex-constrained, which beats :param, which beats a catch-all; then priority; then the order of registration",
            "/product/<int:id>: wins",
            #"/product/list: does not match: expects "list" at segment 2, found "42""#,
            "^/legacy/(?<id>\\d+)$: does not match the expression",
            #"/help/*: does not match: expects "help" at segment 1, found "product""#,
        ])
    }

    @Test func aTypedSegmentSaysWhichValueItRefused() throws {
        let table = try Self.table(["/order/<int:id>"])
        let explanation = table.snapshot.explain("/order/abc")
        guard case .failure(.noMatch(let noMatch)) = explanation.result else {
            Issue.record("expected no match, got \(explanation.result)")
            return
        }
        #expect(noMatch.path == "/order/abc")
        #expect(explanation.verdicts.map(\.verdict) == [
            .doesNotMatch(reason: #"expects <int:id> at segment 2; "abc" is not a valid int"#),
        ])
    }

    @Test func aPathWithTooFewOrTooManySegments() throws {
        let table = try Self.table(["/a/:b/c"])
        #expect(table.snapshot.explain("/a/x").verdicts.map(\.verdict) == [
            .doesNotMatch(reason: "expects c at segment 3; the path has only 2 segments"),
        ])
        #expect(table.snapshot.explain("/a/x/c/d").verdicts.map(\.verdict) == [
            .doesNotMatch(reason: "the path has 4 segments; the pattern takes 3"),
        ])
    }

    /// Hostile input: a URL the resolve refuses gives the resolve's own error and no verdicts,
    /// so no route is tried alone on it.
    @Test func aURLAtTheLengthLimitIsExplainedAndOnePastIsRefusedWithNoVerdicts() throws {
        var limits = InputLimits.default
        limits.urlLength = 12
        let table = try Self.table(["/v/:value"], limits: limits)
        let atLimit = "/v/123456789"
        #expect(atLimit.utf8.count == 12)
        let explained = table.snapshot.explain(atLimit)
        #expect(try explained.result.get().request.pathParameters["value"] == "123456789")
        #expect(explained.verdicts.map(\.verdict) == [.wins])

        let onePast = atLimit + "0"
        let refused = table.snapshot.explain(onePast)
        var expected: RoutingError?
        do { _ = try table.resolve(onePast) } catch { expected = error }
        guard case .failure(let error) = refused.result, case .malformedURL(let malformed) = error else {
            Issue.record("expected a malformed URL, got \(refused.result)")
            return
        }
        #expect(error == expected)
        #expect(malformed.reason == .limitExceeded(LimitExceeded(.urlLength, value: 13, maximum: 12)))
        #expect(refused.verdicts.isEmpty)
    }

    /// Hostile input: the explainer runs no regex on a value past `InputLimits.regexInput`,
    /// as the router does not; at the limit it runs the router's own check.
    @Test func aRegexSegmentPastTheInputLimitIsNotRun() throws {
        var limits = InputLimits.default
        limits.regexInput = 16
        let table = try Self.table(["/a/:x", "/a/:x([a-z]+!)"], limits: limits)
        let atLimit = String(repeating: "a", count: 16)
        #expect(table.snapshot.explain("/a/" + atLimit).verdicts.map(\.verdict) == [
            .wins, .doesNotMatch(reason: #"expects :x([a-z]+!) at segment 2; "aaaaaaaaaaaaaaaa" does not match"#),
        ])
        #expect(table.snapshot.explain("/a/" + atLimit + "a").verdicts.map(\.verdict) == [
            .wins, .doesNotMatch(reason: "expects :x([a-z]+!) at segment 2; the value is 17 bytes, past InputLimits.regexInput (16), so no regex runs on it"),
        ])
    }

    /// The explainer reads patterns as the table does: its case rule and its schemes.
    @Test func caseAndSchemeAreTheTablesOwn() throws {
        var configuration = RouterConfiguration()
        configuration.caseSensitive = true
        let strict = RouteTable<String>(configuration: configuration)
        try strict.register("/Product/:id", target: "strict")
        #expect(strict.snapshot.explain("/product/1").verdicts.map(\.verdict) == [
            .doesNotMatch(reason: #"expects "Product" at segment 1, found "product""#),
        ])
        let loose = try Self.table(["/Product/:id"])
        #expect(loose.snapshot.explain("/product/1").verdicts.map(\.verdict) == [.wins])

        let schemes = try Self.table(["other://user/:id", "/user/:id"])
        #expect(Self.verdicts(schemes.snapshot.explain("myapp://user/7")) == [
            "other://user/:id: does not match: it is for other: URLs only; this URL's scheme is myapp:",
            "/user/:id: wins",
        ])
    }
}
