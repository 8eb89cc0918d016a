import SwitchyardNavigation
import SwitchyardPipeline
import SwitchyardRouting

/// How a sequence of opens ended when it did not give the expected stack.
public struct StackMismatch: CustomStringConvertible, Sendable {
    /// The window's outline the test expected, one line per place.
    public let expected: [String]
    /// The outline the navigator had.
    public let actual: [String]
    /// Each open's outcome, in order, to see which one went wrong.
    public let outcomes: [String]

    /// Both outlines and the outcomes, one per line, for a test's failure message.
    public var description: String {
        "expected the window\n  " + (expected.isEmpty ? "(empty)" : expected.joined(separator: "\n  "))
            + "\nbut got\n  " + (actual.isEmpty ? "(empty)" : actual.joined(separator: "\n  "))
            + "\nafter\n  " + outcomes.joined(separator: "\n  ")
    }
}

extension Router {
    /// Opens `urls` in order on a fresh ``HeadlessNavigator`` and returns the window's
    /// outline and each open's result; the router's own navigator is put back afterwards.
    ///
    /// ```swift
    /// let (outline, _) = await router.outline(afterOpening: ["myapp://order/42"])
    /// #expect(outline == ["root: Home > Orders > Order(42)"])
    /// ```
    @MainActor
    public func outline(
        afterOpening urls: [String], source: RouteSource = .deepLink, rootHasNavigation: Bool = true
    ) async -> (outline: [String], results: [OpenResult]) {
        let previous = navigator
        let headless = HeadlessNavigator(rootHasNavigation: rootHasNavigation)
        navigator = headless
        defer { navigator = previous }
        var results: [OpenResult] = []
        for url in urls { results.append(await open(url, source: source)) }
        return (headless.state.outline, results)
    }

    /// `nil` when opening `urls` on a fresh window leads to `expected` (a ``WindowState/outline``),
    /// otherwise what happened instead: `#expect(await router.mismatch(...) == nil)` or
    /// `XCTAssertNil(...)` print a readable difference.
    @MainActor
    public func mismatch(
        opening urls: [String], expecting expected: [String], source: RouteSource = .deepLink
    ) async -> StackMismatch? {
        let (outline, results) = await outline(afterOpening: urls, source: source)
        guard outline != expected else { return nil }
        return StackMismatch(expected: expected, actual: outline, outcomes: zip(urls, results).map { "\($0): \($1.outcome)" })
    }
}
