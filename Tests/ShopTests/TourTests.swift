import Foundation
import ShopApp
import Switchyard
import SwitchyardTesting
import Testing

/// The README's first command must never quietly break: the tour runs here, and the window
/// and the key results are checked after every step.
@Suite("The shop tour", .timeLimit(.minutes(1)))
@MainActor
struct TourTests {
    /// Six modules register their routes independently; none shadows another's.
    @Test func noModuleRegistersARouteAnotherShadows() async throws {
        let shop = try await Shop()
        #expect(shop.app.routeCollisions().isEmpty, "\(shop.app.routeCollisions())")
        #expect(shop.app.router.table.exportRoutes().count > 15)
    }

    @Test func everyStepLeavesTheWindowItShould() async throws {
        let shop = try await Shop()
        let reports = await shop.play(print: { _ in })
        #expect(reports.count == Shop.tour.count)
        guard reports.count == 15 else { return }

        var stack = ["Home", "ProductList", "Product(42)"]
        func root() -> [String] { ["root: " + stack.joined(separator: " > ")] }

        #expect(reports[0].window == root())
        #expect(reports[0].events == ["shop://product/42?from=banner [deep link] → opened /product/<int:id> (push)"])
        stack.append("Product(9)")
        #expect(reports[1].window == root())
        #expect(reports[1].events == ["https://shop.example.com/product/9?utm=mail [universal link] → opened /product/<int:id> (push)"])
        stack.append("Web(https://m.shop.example.com/promo)")
        #expect(reports[2].window == root())
        #expect(reports[2].events == ["shop://promo/spring [push] → opened /promo/:id (push)"])
        stack.append("Product(7)")
        #expect(reports[3].window == root())
        #expect(reports[3].events == ["shop://product/7 [H5] → opened /product/<int:id> (push)"])

        #expect(reports[4].notes == ["the picker shows 2 items; the user picks the second", "answer: Rain jacket (sku-2, 129.00)"])
        #expect(reports[4].window == root(), "the picker was dismissed after answering")

        #expect(reports[5].notes == ["open shop://order/7 (deep link): opened /login (present in navigation)",
                                     "logged in as alice; resumed: opened /order/<int:id> (push)"])
        #expect(reports[5].events.first == "shop://order/7 [deep link] → opened /login (present in navigation) via /login?redirect=shop%3A%2F%2Forder%2F7")
        stack.append("Order(7)")
        #expect(reports[5].window == root())

        #expect(reports[6].notes == ["the cart now holds 3 items"])
        #expect(reports[7].notes.prefix(2) == [
            "ProductFeature.Product/title: Product 42: Trail shoes",
            "ReviewsFeature: no target \"ReviewsFeature.Reviews\" for action \"list\" (looked for ReviewsFeature.Target_Reviews, ReviewsFeature.Reviews): is its module linked into the app, and is the type public?",
        ])
        stack.append("Product(5)")
        #expect(reports[7].window == root(), "the remote call's page is shown")

        #expect(reports[8].notes == ["OrderFeature's default: Receipt for order 7",
                                     "after the host registers its own: ACME Outdoor — order #7, thank you!"])
        stack.append("Web(https://m.shop.example.com/live)")
        #expect(reports[9].window == root())
        #expect(reports[9].events == ["/live/launch [in-app] → opened /web (push) via /web?url=https%3A%2F%2Fm.shop.example.com%2Flive"])

        #expect(reports[10].notes == ["alice sees Checkout(new)", "carol sees Checkout(classic)", "alice sees Checkout(new)"])
        stack += ["Checkout(new)", "Checkout(classic)", "Checkout(new)"]
        #expect(reports[10].window == root())

        #expect(reports[11].notes.first == "open /deal/5 (in-app): not found: no route matches /deal/5; nearest: /call/:alias")
        #expect(reports[11].notes.dropFirst().first?.hasSuffix(": updated the manifest from version 1 to 2") == true)
        #expect(reports[11].notes.last == "open /deal/5 (in-app): performed /deal/:id")
        stack.append("Product(5)")
        #expect(reports[11].window == root())

        #expect(reports[12].events.prefix(3) == [
            "shop://coupon/SPRING10 [deep link] → rejected: interceptor signed links rejected the open: shop://coupon/SPRING10 requires a signed link",
            "/login?redirect=https://evil.example.com/steal [deep link] → rejected: interceptor open-redirect guard rejected the open: redirect to https://evil.example.com/steal is not an internal route or an allowed host",
            "shop://debug/flags [deep link] → rejected: interceptor source policy rejected the open: /debug/* can only be opened from inside the app, not from a deep link",
        ])
        #expect(reports[12].events.last?.hasSuffix("[deep link] → opened /coupon/:code (push)") == true, "the signed link opens")
        stack.append("Coupon(SPRING10)")
        #expect(reports[12].window == root())

        #expect(reports[13].window == ["root: Home > ProductList"])
        #expect(reports[13].events == ["/login [in-app] → opened /login (present in navigation)"])
        #expect(reports[14].notes.count == 8)
        #expect(reports[14].notes.last == "/login from in-app")
    }

    @Test(arguments: [
        ("https://m.shop.example.com/promo", true),
        ("https://SHOP.example.com/help", true),
        ("https://evil.example.com/", false),
        ("http://m.shop.example.com/promo", false),
        ("https://user@m.shop.example.com/", false),
        ("https://m.shop.example.com.evil.com/", false),
        ("javascript:alert(1)", false),
    ])
    func theRemoteWebActionShowsOnlyTheShopsOwnPages(page: String, shown: Bool) async throws {
        let shop = try await Shop()
        let before = shop.navigator.state.outline
        let query = page.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let result = await shop.app.router.open("shop://call/openWeb?url=\(query)", source: .deepLink)
        if shown {
            #expect(shop.navigator.state.outline.first?.hasSuffix(" Web(\(page))") == true, "\(result.outcome) \(shop.navigator.state.outline)")
        } else {
            #expect("\(result.outcome)".contains("not one of the shop's pages: \(page)"), "\(result.outcome)")
            #expect(shop.navigator.state.outline == before)
        }
    }

    @Test func theInteractiveModeReportsBadInputInOneLineAndEndsAtEndOfInput() async throws {
        let shop = try await Shop()
        var input = ["shop://product/3", "shop://product/%zz", "frobnicate", "/nowhere", "push {}", "back", "back", "back", "login", "", "history"]
        input.reverse()
        var output: [String] = []
        await shop.interact(readLine: { input.popLast() }, print: { output.append($0) })
        #expect(input.isEmpty, "it read until the end of input")
        #expect(output.count == 11, "the help, then one reply per non-empty line")
        guard output.count == 11 else { return }
        #expect(output[1] == "opened /product/<int:id> (push)\n  │ root: Home > ProductList > Product(3)")
        #expect(output[2] == "error: malformed URL \"shop://product/%zz\" at offset 15: \"%\" must be followed by two hexadecimal digits\n  │ root: Home > ProductList > Product(3)")
        #expect(output[3] == "error: unknown command \"frobnicate\"; type help")
        #expect(output[4] == "error: no route matches /nowhere; nearest: /orders\n  │ root: Home > ProductList > Product(3)")
        #expect(output[5] == "error: a push payload is JSON with a \"link\": push {\"link\": \"shop://product/1\"}")
        #expect(output[6] == "back\n  │ root: Home > ProductList")
        #expect(output[8] == "error: cannot go back: the root screen is the only one\n  │ root: Home")
        #expect(output[9] == "logged in as alice\n  │ root: Home")
    }
}
