import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// Issue 36, item 1: one pipeline serves the app, pages of several origins and other apps; one
/// caller's refusal or open never changes what another caller gets.
@Suite("Callers kept apart in one pipeline")
struct CallersApartTests {
    /// A refused open leaves no trace: the reach check runs before the duplicate guard, so an
    /// allowed origin calling the same URL right after gets the route, not `handled`.
    @Test func aRefusalChangesNothingAnotherCallerGets() async throws {
        let shop = try ManyCallers()
        let refused = await shop.page("shop://admin/wipe", origin: ManyCallers.promo)
        #expect(refused.code == "notOpenToCaller")
        let allowed = await shop.page("shop://admin/wipe", method: "open", origin: ManyCallers.admin)
        #expect(allowed.answer == .string("performedAction"))
        #expect(shop.ran.current == [.page(origin: "https://admin.example.com", webView: nil, name: "p1")])
    }

    /// Origin B's open of `shop://tag` does not make origin A's a duplicate, and a spy page
    /// cannot learn from its own call whether another page called the URL.
    @Test func oneOriginsOpenDoesNotSwallowAnothers() async throws {
        let shop = try ManyCallers()
        #expect(await shop.page("shop://tag", origin: ManyCallers.blog).answer == .string("tagged"))
        #expect(await shop.page("shop://tag", origin: ManyCallers.promo).answer == .string("tagged"))
        let spy = await shop.page("shop://tag", page: "spy", origin: ManyCallers.admin)
        #expect(spy.answer == .string("tagged"), "the spy's call runs as if no one else had called")
        #expect(shop.ran.current.count == 3)
    }

    /// One page's two orders of one URL with different `params` both run; the same order twice
    /// is its double tap, and the second says the duplicate guard handled it.
    @Test func onePagesTwoAsksWithDifferentParametersBothRun() async throws {
        let shop = try ManyCallers()
        #expect(await shop.page("shop://tag", params: #"{"sku":"a"}"#, id: 1).answer == .string("tagged"))
        #expect(await shop.page("shop://tag", params: #"{"sku":"b"}"#, id: 2).answer == .string("tagged"))
        let repeated = await shop.page("shop://tag", params: #"{"sku":"b"}"#, id: 3)
        #expect(repeated.code == "handled")
        #expect(repeated.message == "the duplicate guard handled the open; nothing answered")
        #expect(shop.ran.current.count == 2)
    }

    /// The same page name in two web views is two pages.
    @Test func twoWebViewsOfOnePageAreTwoCallers() async throws {
        let shop = try ManyCallers()
        let (first, second) = (WebViewID.next(), WebViewID.next())
        #expect(await shop.page("shop://tag", view: first).answer == .string("tagged"))
        #expect(await shop.page("shop://tag", view: second).answer == .string("tagged"))
        #expect(shop.ran.current == [
            .page(origin: "https://promo.example.com", webView: first.number, name: "p1"),
            .page(origin: "https://promo.example.com", webView: second.number, name: "p1"),
        ])
    }

    /// Two x-callback requests for one route with different `x-success` both run and both are
    /// answered; the same request twice is a double delivery.
    @Test func twoAppsRequestsOfOneRouteBothRun() async throws {
        let shop = try ManyCallers()
        _ = await shop.otherApp("tag", success: "sibling://one")
        _ = await shop.otherApp("tag", source: "Other", success: "other://two")
        #expect(shop.opened.current == ["sibling://one?result=tagged", "other://two?result=tagged"])
        #expect(shop.ran.current == [.otherApp(source: "Sibling", callback: "sibling://one"), .otherApp(source: "Other", callback: "other://two")])
        // The same request again within the window: its double delivery, stopped by the guard
        // on the x-callback URL itself.
        let again = await shop.otherApp("tag", success: "sibling://one")
        #expect(again.outcome == .handled(by: "duplicate guard"))
        #expect(shop.ran.current.count == 2)
    }

    /// The in-app caller and an outside caller of one URL are two callers.
    @Test func theAppAndAPageAreTwoCallers() async throws {
        let shop = try ManyCallers()
        #expect(await shop.router.open("shop://tag").outcome == .performedAction(pattern: "/tag"))
        #expect(await shop.page("shop://tag").answer == .string("tagged"))
        #expect(await shop.router.open("shop://tag").outcome == .handled(by: "duplicate guard"), "the app's own double tap")
        #expect(shop.ran.current == [.app, .page(origin: "https://promo.example.com", webView: nil, name: "p1")])
    }

    /// Many callers at once: pages of three origins in two web views each, two pages that may
    /// not reach the route, two other apps and the app itself, each asking for `/tag` twice.
    /// Each gets what it would have got alone: the first of its own two runs, the second is its
    /// duplicate; a refused caller is refused both times and leaves nothing.
    @Test func manyCallersAtOnceEachGetWhatItWouldAlone() async throws {
        let shop = try ManyCallers()
        let views = [WebViewID.next(), WebViewID.next()]
        // `run(n)` asks for the `n`th time: a page's two calls carry two ids, as its script makes them.
        struct Ask: Sendable { let name: String; let run: @Sendable (Int) async -> String }
        var asks: [Ask] = []
        for origin in [ManyCallers.admin, ManyCallers.promo, ManyCallers.blog] {
            for view in views {
                for page in ["a", "b"] {
                    asks.append(Ask(name: "\(origin) \(view) \(page)") { await shop.page("shop://tag", id: $0, page: page, origin: origin, view: view).outcome })
                }
            }
        }
        for view in views {
            asks.append(Ask(name: "refused \(view)") { await shop.page("shop://admin/wipe", id: $0, page: "r", origin: ManyCallers.blog, view: view).outcome })
        }
        for (app, callback) in [("Sibling", "sibling://x"), ("Other", "other://y")] {
            asks.append(Ask(name: app) { _ in
                await shop.otherApp("tag?n=1", source: app, success: callback).outcome.map { "\($0)" } ?? "?"
            })
        }
        asks.append(Ask(name: "app") { _ in "\(await shop.router.open("shop://tag").outcome)" })
        // Each caller asks twice, all at once.
        let outcomes = await withTaskGroup(of: (String, String).self) { group in
            for time in 1...2 {
                for ask in asks { group.addTask { (ask.name, await ask.run(time)) } }
            }
            var outcomes: [String: [String]] = [:]
            for await (name, outcome) in group { outcomes[name, default: []].append(outcome) }
            return outcomes
        }
        let pageCallers = 3 * 2 * 2
        var counts: [String: Int] = [:]
        for (name, pair) in outcomes {
            if name.hasPrefix("refused") {
                #expect(pair == ["notOpenToCaller", "notOpenToCaller"], "\(name)")
            } else if name == "Sibling" || name == "Other" {
                #expect(pair.sorted() == ["handled by duplicate guard", "performed /x-callback-url/*"], "\(name)")
            } else if name == "app" {
                #expect(pair.sorted() == ["handled by duplicate guard", "performed /tag"], "\(name)")
            } else {
                #expect(pair.sorted() == ["handled", "tagged"], "\(name)")
            }
            for outcome in pair { counts[outcome, default: 0] += 1 }
        }
        #expect(outcomes.count == pageCallers + 2 + 2 + 1)
        #expect(shop.ran.current.count == pageCallers + 2 + 1, "each caller's route ran once")
        #expect(Set(shop.ran.current).count == shop.ran.current.count, "never twice for one caller")
        #expect(shop.opened.current.count == 2)
        print("many callers: \(outcomes.count) callers, \(outcomes.values.map(\.count).reduce(0, +)) asks, outcomes \(counts.sorted { $0.key < $1.key }), route runs \(shop.ran.current.count)")
    }
}

extension Reply {
    /// The answer's text, or the error's code: what a page's promise ends with, in one word.
    var outcome: String {
        if case .string(let text)? = answer { return text }
        return code ?? "?"
    }
}
