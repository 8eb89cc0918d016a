import Switchyard
import SwitchyardTesting
import Testing

@Suite("Test support: opening this URL leads to this stack", .timeLimit(.minutes(1)))
@MainActor
struct StackExpectationTests {
    @Test func aMatchingStackGivesNoMismatch() async throws {
        let (router, _) = try headless()
        #expect(await router.mismatch(opening: ["myapp://order/42?uid=u1"], expecting: ["root: Home > Orders(u1) > Order(42)"]) == nil)
        let (outline, results) = await router.outline(afterOpening: ["/home", "/login"])
        #expect(outline == ["root: Home", "sheet(nav): Login"])
        #expect(results.allSatisfy { $0.succeeded })
    }

    @Test func aDifferentStackSaysWhatHappened() async throws {
        let (router, navigator) = try headless()
        let mismatch = try #require(await router.mismatch(opening: ["/home", "/nowhere"], expecting: ["root: Home > Nowhere"]))
        #expect(mismatch.actual == ["root: Home"])
        #expect(mismatch.description == """
            expected the window
              root: Home > Nowhere
            but got
              root: Home
            after
              /home: opened /home (push)
              /nowhere: not found: no route matches /nowhere; no registered route is like it
            """)
        #expect(router.navigator === navigator, "the router's navigator is put back")
    }
}
