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
        guard reports.count == 20 else { return }

        // The tab bar: each tab starts with its home (Orders waits for login) and keeps its own story.
        var home = ["Home", "ProductList", "Product(42)"], cart = ["Cart"], orders: [String] = [], selected = "home"
        func window() -> [String] {
            func line(_ tab: String, _ stack: [String]) -> String {
                "tab \(tab)\(tab == selected ? "*" : "")" + (stack.isEmpty ? "" : ": " + stack.joined(separator: " > "))
            }
            return [line("home", home), line("cart", cart), line("orders", orders), line("me", ["Me"])]
        }

        // 1. A cold start: the homes first, in tab order, then the link over Home.
        #expect(reports[0].window == window())
        #expect(reports[0].notes == [
            "open shop://product/42?from=banner (deep link): opened /product/<int:id> (push)",
            "home of tab \"orders\" /orders: waits: an interceptor sent it to /login?redirect=%2Forders; it opens when the user goes there, or after login",
        ])
        #expect(reports[0].events == [
            "/home [in-app] → opened /home (push)", "/cart [in-app] → opened /cart (push)",
            "/orders [in-app] → rejected: the home of tab \"orders\", /orders, waits: an interceptor sent it to /login?redirect=%2Forders; it opens when the user goes there, or after login",
            "/me [in-app] → opened /me (push)",
            "shop://product/42?from=banner [deep link] → opened /product/<int:id> (push)",
        ])
        home.append("Product(9)")
        #expect(reports[1].window == window())
        #expect(reports[1].events == ["https://shop.example.com/product/9?utm=mail [universal link] → opened /product/<int:id> (push)"])
        home.append("Web(https://m.shop.example.com/promo)")
        #expect(reports[2].window == window())
        #expect(reports[2].events == ["shop://promo/spring [push] → opened /promo/:id (push)"])
        home.append("Product(7)")
        #expect(reports[3].window == window())
        #expect(reports[3].events == ["shop://product/7 [H5] → opened /product/<int:id> (push)"])

        #expect(reports[4].notes == ["the picker shows 2 items; the user picks the second", "answer: Rain jacket (sku-2, 129.00)"])
        #expect(reports[4].window == window(), "the picker was dismissed after answering")

        #expect(reports[5].notes == ["open shop://order/7 (deep link): opened /login (present in navigation)",
                                     "logged in as alice; resumed: opened /order/<int:id> (push)"])
        #expect(reports[5].events.first == "shop://order/7 [deep link] → opened /login (present in navigation) via /login?redirect=shop%3A%2F%2Forder%2F7")
        // The order lives in the Orders tab, whose home waited: its stack is built there.
        orders = ["Orders", "Order(7)"]
        selected = "orders"
        #expect(reports[5].window == window())

        #expect(reports[6].notes == ["the cart now holds 3 items"])
        #expect(reports[7].notes.prefix(2) == [
            "ProductFeature.Product/title: Product 42: Trail shoes",
            "ReviewsFeature: no target \"ReviewsFeature.Reviews\" for action \"list\" (looked for ReviewsFeature.Target_Reviews, ReviewsFeature.Reviews): is its module linked into the app, and is the type public?",
        ])
        home.append("Product(5)")
        selected = "home"
        #expect(reports[7].window == window(), "the remote call's page is shown in the Home tab, the product's story")

        #expect(reports[8].notes == ["OrderFeature's default: Receipt for order 7",
                                     "after the host registers its own: ACME Outdoor — order #7, thank you!"])
        home.append("Web(https://m.shop.example.com/live)")
        #expect(reports[9].window == window())
        #expect(reports[9].events == ["/live/launch [in-app] → opened /web (push) via /web?url=https%3A%2F%2Fm.shop.example.com%2Flive"])

        #expect(reports[10].notes == ["alice sees Checkout(new)", "carol sees Checkout(classic)", "alice sees Checkout(new)"])
        cart += ["Checkout(new)", "Checkout(classic)", "Checkout(new)"]
        selected = "cart"
        #expect(reports[10].window == window(), "checkout is the cart's story")

        #expect(reports[11].notes.first == "open /deal/5 (in-app): not found: no route matches /deal/5; no registered route is like it")
        #expect(reports[11].notes.dropFirst().first?.hasSuffix(": updated the manifest from version 1 to 2") == true)
        #expect(reports[11].notes.last == "open /deal/5 (in-app): performed /deal/:id")
        home.append("Product(5)")
        selected = "home"
        #expect(reports[11].window == window())

        #expect(reports[12].events.prefix(3) == [
            "shop://coupon/SPRING10 [deep link] → rejected: interceptor signed links rejected the open: shop://coupon/SPRING10 requires a signed link",
            "/login?redirect=https://evil.example.com/steal [deep link] → rejected: interceptor open-redirect guard rejected the open: redirect to https://evil.example.com/steal is not an internal route or an allowed host",
            "shop://debug/flags [deep link] → rejected: interceptor source policy rejected the open: /debug/* can only be opened from inside the app, not from a deep link",
        ])
        #expect(reports[12].events.last?.hasSuffix("[deep link] → opened /coupon/:code (push)") == true, "the signed link opens")
        cart.append("Coupon(SPRING10)")
        selected = "cart"
        #expect(reports[12].window == window())

        // ProductList is in the Home tab: popping to it selects Home; the other tabs keep their stacks.
        home = ["Home", "ProductList"]
        selected = "home"
        #expect(reports[13].window == window())
        #expect(reports[13].events == ["/login [in-app] → opened /login (present in navigation)"])
        #expect(reports[14].notes.count == 8)
        #expect(reports[14].notes.last == "/login from in-app")

        orders.append("Order(8)")
        selected = "orders"
        #expect(reports[15].window == window())
        #expect(reports[15].events == ["shop://order/8 [push] → opened /order/<int:id> (push)"])

        #expect(reports[16].notes == [
            "open shop://promo/spring (push) in scene ipad-2: opened /promo/:id (push)",
            "open shop://order/8 (push) in scene ipad-2: opened /order/<int:id> (push)",
            "ipad-2 │ tab home: Home > Web(https://m.shop.example.com/promo)", "ipad-2 │ tab cart: Cart", "ipad-2 │ tab orders*: Orders > Order(8)",
            "ipad-2 │ tab me: Me",
        ])
        #expect(reports[16].window == window(), "the first window did not change")

        #expect(reports[17].notes.first?.hasSuffix("bytes; relaunched with manifest 3 (/promo/:id switched off)") == true)
        #expect(Array(reports[17].notes.dropFirst()) == [
            "main window: restored 7 screens",
            "main │ tab home: Home > ProductList", "main │ tab cart: Cart > Checkout(new) > Checkout(classic) > Checkout(new) > Coupon(SPRING10)",
            "main │ tab orders*: Orders > Order(7) > Order(8)", "main │ tab me: Me",
            "ipad-2: restored 1 screen, dropped 1: shop://promo/spring: rejected: interceptor manifest rejected the open: /promo/:id is switched off",
            "ipad-2 │ tab home: Home", "ipad-2 │ tab cart: Cart", "ipad-2 │ tab orders*: Orders > Order(8)", "ipad-2 │ tab me: Me",
        ])

        #expect(Array(reports[18].notes.dropFirst()) == [
            "the native order page shows sku-2; the user places the order",
            #"the page's promise resolves: {"answer":{"orderNumber":"A-1001","sku":"sku-2"},"id":1,"ok":true}"#,
            "the page shows: Welcome! Your order A-1001 is on its way.",
            #"the same page asks for shop://debug/flags: {"error":{"code":"notOpenToCaller","message":"shop://debug/flags is not open to web pages of https://m.shop.example.com"},"id":2,"ok":false}"#,
            #"a page of https://evil.example.com sends the order message: {"error":{"code":"originNotAllowed","message":"pages of https://evil.example.com may not use the bridge (WebBridgePolicy.origins)"},"id":null,"ok":false}"#,
        ])
        #expect(reports[18].events.first == "shop://order/new [H5] → opened /order/new (present)")
        #expect(reports[18].window == window(), "the order page was dismissed after answering")

        #expect(Array(reports[19].notes.dropFirst()) == [
            "the shop's picker shows 3 items; the user picks the first",
            "the shop opens sibling://x-callback-url/x-callback-reply/success?x-callback-nonce=…&cents=8900&name=Trail%20shoes&sku=sku-1",
            "the sibling's call returns success: cents=8900, name=Trail shoes, sku=sku-1",
            "a stranger's request (x-success=evil://steal): rejected: action /x-callback-url/* failed: x-success evil://steal is not an allowed callback (XCallbackSettings.allowedCallbacks); nothing was run",
            "opened for the stranger: 0 URLs",
        ])
        #expect(reports[19].window == window(), "the picker was dismissed after answering")
    }

    /// Issue 35: the printed tour shows the window after a step only when the step changed it.
    @Test func thePrintedTourShowsTheWindowOnlyWhenAStepChangedIt() async throws {
        let shop = try await Shop()
        var printed: [String] = []
        let reports = await shop.play(print: { printed.append($0) })
        try #require(printed.count == reports.count)
        for (index, report) in reports.enumerated() {
            let changed = index == 0 || report.window != reports[index - 1].window
            #expect(printed[index].contains("   window:\n") == changed, "step \(index + 1)")
        }
        let unchanged = zip(reports.dropFirst(), reports).filter { $0.window == $1.window }.count
        #expect(unchanged >= 8, "steps 5, 7, 9, 15, 17–20 leave the main window as it was: \(unchanged)")
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
        func window(_ home: String) -> String {
            "\n  │ tab home*: \(home)\n  │ tab cart: Cart\n  │ tab orders\n  │ tab me: Me"
        }
        #expect(output[1] == "opened /product/<int:id> (push)" + window("Home > ProductList > Product(3)"))
        #expect(output[2] == "error: malformed URL \"shop://product/%zz\" at offset 15: \"%\" must be followed by two hexadecimal digits" + window("Home > ProductList > Product(3)"))
        #expect(output[3] == "error: unknown command \"frobnicate\"; type help")
        #expect(output[4] == "error: no route matches /nowhere; no registered route is like it" + window("Home > ProductList > Product(3)"))
        #expect(output[5] == "error: a push payload is JSON with a \"link\": push {\"link\": \"shop://product/1\"}")
        #expect(output[6] == "back" + window("Home > ProductList"))
        #expect(output[8] == "error: cannot go back: the root screen is the only one" + window("Home"))
        // After login the Orders tab's home, which waited, is in place.
        #expect(output[9] == "logged in as alice" + window("Home").replacingOccurrences(of: "tab orders\n", with: "tab orders: Orders\n"))
    }
}
