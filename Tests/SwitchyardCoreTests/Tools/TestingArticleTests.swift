import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// Issue 50, item 5: what "Testing an app's routing" prints, as its samples say.
@Suite("SwitchyardTesting's article, as written")
@MainActor
struct TestingArticleTests {
    @Test func theWindowAfterAListOfLinks() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger),
                            settings: PipelineSettings(duplicateWindow: .zero))
        try router.page("/orders") { _ in Destination("Orders", name: "Orders") }
        try router.page("/order/:id", parents: ["/orders"]) { request in
            Destination("Order", name: "Order(\(request.string("id") ?? ""))")
        }
        let (outline, results) = await router.outline(afterOpening: ["shop://order/42"])
        #expect(outline == ["root: Orders > Order(42)"])
        #expect(results.map(\.succeeded) == [true])
        #expect(await router.mismatch(opening: ["shop://order/42"], expecting: ["root: Orders > Order(42)"]) == nil)
        let wrong = await router.mismatch(opening: ["shop://order/42"], expecting: ["root: Order(42)"])
        #expect(wrong?.description.contains("but got\n  root: Orders > Order(42)") == true)
    }

    @Test func whatAPageWasShownWith() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger))
        try router.page("/coupon/:code", command: .present) { _ in Destination("Coupon", name: "Coupon") }
        let navigator = RecordingNavigator()
        router.navigator = navigator
        let waiting = Task { try await router.call("shop://coupon/SPRING") }
        while navigator.shown.isEmpty { await Task.yield() }
        #expect(navigator.shown.map(\.pattern) == ["/coupon/:code"])
        #expect(navigator.shown.map(\.command) == [.present])
        navigator.closeTop()
        #expect(try await waiting.value.isCancelled)
    }

    @Test func collisionsAreReported() throws {
        let router = Router(configuration: RouterConfiguration(logger: RouterConfiguration.quiet.logger))
        try router.page("/product/:id") { _ in Destination("Product") }
        try router.page("/product/:sku") { _ in Destination("Product again") }
        #expect(router.routeCollisions().map(\.pattern) == ["/product/:sku"])
    }
}
