import Foundation
import Switchyard
import SwitchyardObjCRules
import Testing

/// Issue 49, item 1: an Objective-C page is a page in every sense a Swift one is. Each scenario
/// runs the same tab-bar app twice, its pages registered in Swift and as Objective-C pages
/// (`ObjCPages`, what `registerPage:options:make:error:` calls), and must end in the same window.
/// A way an Objective-C page is reached (``ObjCPagesTests``), and the window it must leave.
struct Scenario: Sendable, CustomStringConvertible {
    let name: String
    let loggedIn: Bool
    let run: @MainActor @Sendable (ColdStartApp, ColdStartApp.Pages) async throws -> String
    let window: [String]
    var description: String { name }
}

@Suite("Objective-C pages: pages like Swift's", .timeLimit(.minutes(1)))
@MainActor
struct ObjCPagesTests {
    typealias Pages = ColdStartApp.Pages

    nonisolated static let tabsAfterOrder = ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(7)", "tab me: Me"]

    nonisolated static let scenarios: [Scenario] = [
        Scenario(name: "a tab's home at cold start", loggedIn: true, run: { app, _ in
            "\(await app.router.launch().homes.map(\.status))"
        }, window: ColdStartApp.allHomes),
        Scenario(name: "a deep link with parents, logged in", loggedIn: true, run: { app, _ in
            "\(await app.router.launch(links: [IncomingLink("shop://order/7")]).links)"
        }, window: tabsAfterOrder),
        Scenario(name: "a deep link with parents, logged out", loggedIn: false, run: { app, _ in
            "\(await app.router.launch(links: [IncomingLink("shop://order/7")]).links)"
        }, window: ["tab home*: Home", "tab cart: Cart", "tab orders", "tab me: Me", "sheet(nav): Login"]),
        Scenario(name: "the same link, after login", loggedIn: false, run: { app, _ in
            await app.router.launch(links: [IncomingLink("shop://order/7")])
            return "\(try await app.logIn()?.outcome.description ?? "nothing resumed")"
        }, window: tabsAfterOrder),
        Scenario(name: "a restore", loggedIn: true, run: { app, pages in
            let saved = try await ColdStartApp.savedWindow(["shop://product/3", "shop://order/7"], pages: pages)
            return "\(await app.router.launch(restoring: saved).restoration.map { "opened \($0.opened), dropped \($0.dropped.count)" } ?? "none")"
        }, window: ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*: Orders > Order(7)", "tab me: Me"]),
        Scenario(name: "a universal link its list names", loggedIn: true, run: { app, _ in
            await app.router.launch()
            return "\(await app.router.handleIncoming("https://shop.example.com/product/5", via: .userActivity).outcome?.description ?? "nothing")"
        }, window: ["tab home*: Home > ProductList > Product(5)", "tab cart: Cart", "tab orders: Orders", "tab me: Me"]),
        Scenario(name: "a universal link its list leaves out", loggedIn: true, run: { app, _ in
            await app.router.launch()
            return "\(await app.router.handleIncoming("https://shop.example.com/order/7", via: .userActivity).outcome?.description ?? "nothing")"
        }, window: ColdStartApp.allHomes),
        Scenario(name: "a web page's open its list names", loggedIn: true, run: { app, _ in
            await app.router.launch()
            return try await Self.bridge(app).receive(#"{"page":"p","id":1,"method":"open","url":"shop://coupon/S1","params":{}}"#, from: Self.promo)
        }, window: ColdStartApp.allHomes + ["sheet: Coupon(S1)"]),
        Scenario(name: "a web page's open its list leaves out", loggedIn: true, run: { app, _ in
            await app.router.launch()
            return try await Self.bridge(app).receive(#"{"page":"p","id":1,"method":"open","url":"shop://order/7","params":{}}"#, from: Self.promo)
        }, window: ColdStartApp.allHomes),
        Scenario(name: "another app's request its list names, shown then closed", loggedIn: true, run: { app, _ in
            await app.router.launch()
            let channel = try Self.channel(app)
            defer { withExtendedLifetime(channel) {} }
            let request = Task { await app.router.handleIncoming("shop://x-callback-url/coupon/S2?x-source=Sibling&x-success=sibling://done&x-cancel=sibling://closed") }
            // The page waits for its answer, as a Swift page does; the user closes it.
            for _ in 0..<1_000 where app.navigator.state.outline.last != "sheet: Coupon(S2)" { try await Task.sleep(for: .milliseconds(2)) }
            let shown = app.navigator.state.outline.last ?? ""
            try app.navigator.perform(.back(.dismiss))
            let ended = await within(hangBound) { await request.value.outcome?.description ?? "nothing" }
            return "shown: \(shown); then \(ended ?? "still waiting")"
        }, window: ColdStartApp.allHomes),
        Scenario(name: "another app's request its list leaves out", loggedIn: true, run: { app, _ in
            await app.router.launch()
            let channel = try Self.channel(app)
            defer { withExtendedLifetime(channel) {} }
            return "\(await app.router.handleIncoming("shop://x-callback-url/order/7?x-source=Sibling&x-error=sibling://failed").outcome?.description ?? "nothing")"
        }, window: ColdStartApp.allHomes),
    ]

    nonisolated static let promo = WebFrame(origin: WebOrigin("https://promo.example.com"))

    static func bridge(_ app: ColdStartApp) throws -> WebBridge {
        try WebBridge(router: app.router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/coupon/:id"]]))
    }

    static func channel(_ app: ColdStartApp) throws -> XCallbackChannel {
        let channel = try XCallbackChannel(router: app.router, settings: XCallbackSettings(
            sourceName: "Shop", openToApps: ["/coupon/:id"], allowedCallbacks: ["sibling"])) { _ in true }
        try channel.register()
        return channel
    }

    /// Every way a page is reached ends in the same window for an Objective-C page as for a
    /// Swift one, and in the window the Swift app is known to leave; the opens the debug
    /// recorder saw are the same too.
    @Test(arguments: scenarios)
    func anObjectiveCPageIsReachedAsASwiftPageIs(scenario: Scenario) async throws {
        var windows: [Pages: [String]] = [:]
        var recorded: [Pages: [String]] = [:]
        for pages in Pages.allCases {
            let app = try ColdStartApp(loggedIn: scenario.loggedIn, pages: pages, universalLinkRoutes: ["/home", "/product/list", "/product/:id"])
            let said = try await scenario.run(app, pages)
            windows[pages] = app.navigator.state.outline
            recorded[pages] = app.opened
            print("Objective-C pages | \(scenario.name) | \(pages.rawValue) | \(app.navigator.state.outline.joined(separator: " · ")) | \(said.prefix(160))")
        }
        #expect(windows[.objc] == scenario.window, "\(scenario.name)")
        #expect(windows[.swift] == scenario.window, "\(scenario.name): the Swift app's window")
        #expect(recorded[.objc] == recorded[.swift], "\(scenario.name): the recorder")
    }

    /// A second window (scene) launched with a link to an Objective-C page opens it there, over
    /// that window's homes, and leaves the first window as it was, as a Swift page does.
    @Test func aSecondSceneOpensAnObjectiveCPageInItsOwnWindow() async throws {
        var windows: [Pages: [String]] = [:]
        for pages in Pages.allCases {
            let app = try ColdStartApp(loggedIn: true, pages: pages)
            await app.router.launch()
            let second = try HeadlessNavigator(tabs: ColdStartApp.tabs)
            app.router.attach(second, scene: "window-2")
            await app.router.launch(scene: "window-2", links: [IncomingLink("shop://order/7")])
            windows[pages] = second.state.outline
            #expect(app.navigator.state.outline == ColdStartApp.allHomes, "\(pages): the first window")
        }
        #expect(windows[.objc] == Self.tabsAfterOrder)
        #expect(windows[.objc] == windows[.swift])
    }

    /// `canOpen`, `call` and the duplicate guard treat an Objective-C page as a Swift one; an
    /// answer from Objective-C (`answer:` with an `NSString`) reaches a Swift caller as a
    /// string and a web page as JSON.
    @Test func answersCanOpenAndTheDuplicateGuardAreAlike() async throws {
        for pages in Pages.allCases {
            let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger),
                                settings: PipelineSettings(duplicateWindow: .seconds(60)))
            let navigator = HeadlessNavigator()
            router.navigator = navigator
            let answering: @MainActor @Sendable (RouteRequest) -> Void = { request in
                Task { @MainActor in request.answer(ObjCParameters.answer(NSString(string: "A1"))) }
            }
            switch pages {
            case .swift:
                try router.page("/picker") { request in answering(request); return Destination("Picker", name: "Picker") }
            case .objc:
                try ObjCPages.register(pattern: "/picker", options: ObjCPageOptions(), in: router) { request in
                    answering(request)
                    return .screen(ObjCScreen("Picker"), name: "Picker")
                }
            }
            #expect(router.canOpen("shop://picker"))
            let answer = try await router.call("shop://picker")
            #expect(answer.value(as: String.self) == "A1", "\(pages)")
            let repeated = await router.open("shop://picker")
            #expect(repeated.outcome == .handled(by: "duplicate guard"), "\(pages): a repeat within the window is the duplicate guard's")
            let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/picker"]]))
            let reply = await bridge.receive(#"{"page":"p","id":1,"method":"call","url":"shop://picker?from=web","params":{}}"#, from: Self.promo)
            #expect(reply.contains(#""answer":"A1""#), "\(pages): \(reply)")
            #expect(navigator.state.outline == ["root: Picker > Picker"], "\(pages)")
        }
    }
}
