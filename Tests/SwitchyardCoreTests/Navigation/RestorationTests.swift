import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// Saving a window as URLs and restoring it through the pipeline: round trips, screens the
/// pipeline now refuses, and saved values that are corrupt, newer or too large.
@Suite("State restoration", .timeLimit(.minutes(1)))
@MainActor
struct RestorationTests {
    nonisolated static let tabs = ["home", "cart", "orders", "me"]
    /// The random windows' tab bar: five tabs.
    nonisolated static let randomTabs = tabs + ["deals"]

    /// A tab-bar app whose pages all read `/s/:id`, plus pages a restore must drop.
    static func app(tabs: [String] = tabs) throws -> (Router, HeadlessNavigator) {
        let router = Router(configuration: .quiet, settings: PipelineSettings(tabs: Self.randomTabs))
        let navigator = try HeadlessNavigator(tabs: tabs)
        router.navigator = navigator
        try router.page("/s/:id") { request in Destination("S", name: "S(\(request.string("id") ?? ""))") }
        try router.page("/orders", home: .tab("orders")) { _ in Destination("Orders", name: "Orders") }
        try router.page("/order/:id", parents: ["/orders"], home: .tab("orders")) { request in Destination("Order", name: "Order(\(request.string("id") ?? ""))") }
        try router.page("/blocked") { _ in Destination("Blocked", name: "Blocked") }
        try router.action("/purchase") { _ in Issue.record("a restore ran an action") }
        try router.redirect("/old/:id", to: "/purchase")
        try router.page("/private") { _ in Destination("Private", name: "Private") }
        router.addInterceptor(CallbackInterceptor(name: "login", appliesTo: { $0.path == "/private" }) { _, finish in
            finish(.redirect("/s/99"))
        })
        router.addInterceptor(CallbackInterceptor(name: "kill switch", appliesTo: { $0.path == "/blocked" }) { _, finish in
            finish(.reject(Disabled()))
        })
        return (router, navigator)
    }

    struct Disabled: Error, CustomStringConvertible {
        var description: String { "disabled by the manifest" }
    }

    static func random(_ generator: inout SplitMix64) -> SavedWindow {
        var tabs = Self.randomTabs
        tabs.shuffle(using: &generator)
        let used = Array(tabs.prefix(Int.random(in: 1...5, using: &generator)))
        func screens(_ range: ClosedRange<Int>) -> [String] {
            (0..<Int.random(in: range, using: &generator)).map { _ in "/s/\(Int.random(in: 1...6, using: &generator))" }
        }
        let selected = used.randomElement(using: &generator)
        let saved = used.map { SavedTab(id: $0, screens: screens($0 == selected ? 1...10 : 0...10)) }
        let modals = (0..<Int.random(in: 0...3, using: &generator)).map { _ -> SavedLayer in
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: return SavedLayer(presentation: .sheet, hasNavigation: true, screens: screens(1...10))
            case 1: return SavedLayer(presentation: .sheet, hasNavigation: false, screens: screens(1...1))
            default: return SavedLayer(presentation: .fullScreen, hasNavigation: false, screens: screens(1...1))
            }
        }
        return SavedWindow(tabs: saved, selectedTab: selected, modals: modals)
    }

    /// Saved value → restored window → saved value, for random windows of up to 5 tabs × 10
    /// screens × 3 modal layers, repeated
    /// URLs included: the window restores to what was saved, and saving it again gives the
    /// same value and the same bytes.
    @Test(arguments: 0..<200)
    func aRandomWindowRestoresToWhatWasSaved(seed: UInt64) async throws {
        var generator = SplitMix64(seed: 0x5A7E_0000 + seed)
        let original = Self.random(&generator)
        let (router, navigator) = try Self.app(tabs: original.tabs.map(\.id))
        let report = await router.restore(original.encoded())
        #expect(report.dropped.isEmpty, "\(report)")
        #expect(report.opened.count == original.screenCount)
        let (again, leftOut) = navigator.state.saved()
        #expect(again == original)
        #expect(again.encoded() == original.encoded())
        #expect(leftOut.isEmpty)
        let (otherRouter, other) = try Self.app(tabs: original.tabs.map(\.id))
        await otherRouter.restore(again)
        #expect(other.state.outline == navigator.state.outline)
    }

    @Test func aTabWindowOpenedByHandRestoresItsTabsModalsAndSelection() async throws {
        let (router, navigator) = try Self.app()
        await router.openAll(["/s/1", "/order/42", "/s/2", "/s/3"])
        await router.open("/s/9", options: OpenOptions(command: .presentInNavigation))
        await router.open("/s/10")
        #expect(navigator.state.outline == ["tab home: S(1)", "tab cart", "tab orders*: Orders > Order(42) > S(2) > S(3)", "tab me", "sheet(nav): S(9) > S(10)"])
        let (saved, _) = navigator.state.saved()
        let (restoredRouter, restored) = try Self.app()
        let report = await restoredRouter.restore(saved.encoded())
        #expect(report.description == "restored 7 screens")
        #expect(restored.state.outline == navigator.state.outline)
    }

    /// A screen the pipeline now refuses is dropped with the reason; the screens under it and
    /// above it stay, and a modal layer whose first screen is dropped is presented by the next.
    @Test func screensThePipelineNowRefusesAreDroppedWithTheReason() async throws {
        let saved = SavedWindow(
            tabs: [SavedTab(id: "home", screens: ["/s/1", "/gone/1", "/s/2", "/blocked"]), SavedTab(id: "wishlist", screens: ["/s/5"])],
            selectedTab: "home",
            modals: [SavedLayer(presentation: .sheet, hasNavigation: true, screens: ["/blocked", "/s/3", "/s/4"])])
        let (router, navigator) = try Self.app()
        let report = await router.restore(saved.encoded())
        #expect(navigator.state.outline == ["tab home*: S(1) > S(2)", "tab cart", "tab orders", "tab me", "sheet(nav): S(3) > S(4)"])
        #expect(report.opened == ["/s/1", "/s/2", "/s/3", "/s/4"])
        #expect(report.dropped.map(\.url) == ["/s/5", "/gone/1", "/blocked", "/blocked"])
        #expect(report.dropped[0].reason == "rejected: navigator could not show /s/:id: no tab \"wishlist\" in this window; its tabs are \"home\", \"cart\", \"orders\", \"me\"")
        #expect(report.dropped[1].reason.hasPrefix("not found: no route matches /gone/1"))
        #expect(report.dropped[2].reason == "rejected: interceptor kill switch rejected the open: disabled by the manifest")
    }

    /// A saved file can name any URL: one that leads to an action, a redirect to one, or a page
    /// for the browser is refused, and nothing runs or leaves the app.
    @Test func aRestoreShowsPagesAndDoesNothingElse() async throws {
        var configuration = RouterConfiguration.quiet
        configuration.webRoute = "/web"
        let router = Router(configuration: configuration)
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/s/:id") { request in Destination("S", name: "S(\(request.string("id") ?? ""))") }
        try router.page("/web") { _ in Destination("Web", name: "Web") }
        try router.action("/purchase") { _ in Issue.record("a restore ran an action") }
        try router.redirect("/old/:id", to: "/purchase")
        let report = await router.restore(SavedWindow(root: ["/s/1", "/purchase", "/old/7", "https://evil.example/x", "/s/2"]))
        #expect(report.opened == ["/s/1", "/s/2"])
        #expect(report.dropped.map(\.reason) == [
            "rejected: /purchase is not restored: it is an action; a restore shows pages only",
            "rejected: /purchase is not restored: it is an action; a restore shows pages only",
            "rejected: /web is not restored: it opens in the browser; a restore shows pages only",
        ])
        #expect(navigator.state.outline == ["root: S(1) > S(2)"])
        #expect(navigator.openedExternally.isEmpty)
    }

    /// A screen an interceptor would send elsewhere (to log in) is dropped, not replaced by the
    /// detour; and a selected tab whose screens were all dropped is still the one selected.
    @Test func aDetourIsADropAndTheSavedTabStaysSelected() async throws {
        let (router, navigator) = try Self.app()
        let saved = SavedWindow(tabs: [SavedTab(id: "home", screens: ["/s/1"]), SavedTab(id: "orders", screens: ["/private", "/gone/2"])],
                                selectedTab: "orders")
        let report = await router.restore(saved.encoded())
        #expect(report.dropped.first?.reason == "rejected: /private is not restored: an interceptor sent it to /s/99; a restore shows pages only")
        #expect(navigator.state.outline == ["tab home: S(1)", "tab cart", "tab orders*", "tab me"])
    }

    @Test func whatCannotBeSavedIsLeftOutAndSaidSo() async throws {
        let (router, navigator) = try Self.app()
        router.setNotFoundPage { _, _ in Destination("Missing", name: "Missing") }
        await router.open("/s/1", parameters: ["image": 42])
        await router.open("/nowhere")
        #expect(navigator.state.outline == ["tab home*: S(1) > Missing", "tab cart", "tab orders", "tab me"])
        let (saved, leftOut) = navigator.state.saved()
        #expect(saved.tabs.first?.screens == ["/s/1"])
        #expect(leftOut == [
            "S(1): native parameters image cannot be saved; restored from its URL alone",
            "Missing was shown without a route, so it has no URL to restore",
        ])
    }

    /// A saved window is read from a file: each bad value is an exact error, and the app
    /// starts clean. Limits are tested at the limit and one past.
    @Test(arguments: [
        (#"{"version":1,"tabs":[],"root":["/s/1"],"modals":[]}"#, RestorationLimits(bytes: 51), nil as RestorationError?),
        (#"{"version":1,"tabs":[],"root":["/s/1"],"modals":[]}"#, RestorationLimits(bytes: 50), .tooLarge(bytes: 51, limit: 50)),
        ("not json", .default, .corrupt("not JSON")),
        ("{\u{0}\"\u{0}v\u{0}", .default, .corrupt("not UTF-8 text at byte 1")),
        ("", .default, .corrupt("not JSON")),
        (#"{"version":1}"#, .default, .corrupt("missing $.tabs")),
        (#"{"version":1,"tabs":"home","root":[],"modals":[]}"#, .default, .corrupt("$.tabs: Expected to decode Array<Any> but found a string instead.")),
        (#"{"version":2,"windows":[]}"#, .default, .newerVersion(found: 2, supported: 1)),
        (#"{"version":0,"tabs":[],"root":[],"modals":[]}"#, .default, .corrupt("format 0 does not exist")),
        (#"{"version":1,"tabs":[{"id":"a","screens":[[1]]}],"root":[],"modals":[]}"#, .default, .corrupt("nested 5 levels deep; a saved window nests at most 4")),
        (String(repeating: "[", count: 100_000), RestorationLimits(bytes: 200_000), .corrupt("nested 100000 levels deep; a saved window nests at most 4")),
        (#"{"version":1,"tabs":[{"id":"a","screens":[]},{"id":"a","screens":[]}],"root":[],"modals":[]}"#, .default, .invalid("tab \"a\" is listed twice")),
        (#"{"version":1,"tabs":[{"id":"","screens":[]}],"root":[],"modals":[]}"#, .default, .invalid("a tab's identifier is empty")),
        (#"{"version":1,"tabs":[{"id":"a","screens":[]}],"selectedTab":"b","root":[],"modals":[]}"#, .default, .invalid("the selected tab \"b\" is not one of its tabs")),
        (#"{"version":1,"tabs":[{"id":"a","screens":[]}],"root":["/s/1"],"modals":[]}"#, .default, .invalid("it has both tabs and a root stack")),
        (#"{"version":1,"tabs":[],"root":[],"modals":[{"presentation":"root","hasNavigation":true,"screens":[]}]}"#, .default,
         .invalid("modal layer 1 is shown as \"root\", not sheet or fullScreen")),
    ])
    func aBadSavedWindowIsRefusedAndTheAppStartsClean(text: String, limits: RestorationLimits, expected: RestorationError?) async throws {
        let (router, navigator) = try Self.app()
        let report = await router.restore(Data(text.utf8), limits: limits)
        #expect(report.refused == expected)
        if expected != nil {
            #expect(navigator.isEmpty)
            #expect(report.opened.isEmpty)
            #expect(report.description == "restored nothing: \(expected!)")
        }
    }

    /// Counts at their limit restore; one past is refused naming the limit.
    @Test(arguments: [
        ("tabs", 16), ("screens", 32), ("modal layers", 8), ("URL bytes", 4_096),
    ])
    func eachCountIsTakenAtItsLimitAndRefusedOnePast(what: String, limit: Int) async throws {
        func window(_ count: Int) -> SavedWindow {
            switch what {
            case "tabs": return SavedWindow(tabs: (0..<count).map { SavedTab(id: "t\($0)", screens: []) })
            case "screens": return SavedWindow(root: Array(repeating: "/s/1", count: count))
            case "modal layers": return SavedWindow(root: ["/s/1"], modals: Array(repeating: SavedLayer(presentation: .sheet, hasNavigation: false, screens: ["/s/2"]), count: count))
            default: return SavedWindow(root: ["/s/" + String(repeating: "x", count: count - 3)])
            }
        }
        #expect(try SavedWindow.decode(window(limit).encoded()) == window(limit))
        let expected: RestorationError = switch what {
        case "tabs": .tooMany("tabs", count: limit + 1, limit: limit)
        case "screens": .tooMany("screens in the root stack", count: limit + 1, limit: limit)
        case "modal layers": .tooMany("modal layers", count: limit + 1, limit: limit)
        default: .tooMany("bytes in a URL of the root stack", count: limit + 1, limit: limit)
        }
        #expect(throws: expected) { try SavedWindow.decode(window(limit + 1).encoded()) }
        let (router, navigator) = try Self.app()
        let report = await router.restore(window(limit + 1).encoded())
        #expect(report.refused == expected)
        #expect(navigator.isEmpty, "the app starts clean")
    }
}
