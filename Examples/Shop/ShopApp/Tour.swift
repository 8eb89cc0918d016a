import CartFeature
import Foundation
import ShopContracts
import Switchyard
import SwitchyardTesting

/// One step of the scripted tour: what it shows, and what it does (returning notes to print).
public struct TourStep: Sendable {
    public let title: String
    let run: @MainActor @Sendable (Shop) async throws -> [String]
}

/// What a step did: its notes, the window after it, and the route events it caused.
public struct StepReport: Sendable, Equatable {
    public let title: String
    public let notes: [String]
    public let window: [String]
    public let events: [String]
}

extension Shop {
    /// The tour: every feature of Switchyard, in order.
    public static let tour: [TourStep] = [
        TourStep(title: "Cold start: a deep link launches the app; each tab's home first, the product over Home with its back stack") { shop in
            let report = await shop.router.launch(links: [IncomingLink("shop://product/42?from=banner")])
            var notes = report.links.compactMap { link -> String? in
                guard case .opened(let result) = link else { return nil }
                return "open \(result.url) (\(result.source)): \(result.outcome)"
            }
            // Nobody is logged in yet: the Orders tab's home waits, and no login page shows.
            notes += report.homes.filter { $0.status != .opened }.map { "home of \($0)" }
            return notes
        },
        TourStep(title: "A universal link on the associated domain") { shop in
            [await shop.open("https://shop.example.com/product/9?utm=mail", .universalLink)]
        },
        TourStep(title: "A push payload") { shop in
            let payload = #"{"aps": {"alert": "Spring sale!"}, "link": "shop://promo/spring"}"#
            guard let link = PushPayload.link(in: Data(payload.utf8)) else { return ["the payload has no link"] }
            return ["payload \(payload)", await shop.open(link, .push)]
        },
        TourStep(title: "The H5 page calls a native page") { shop in
            [await shop.open("shop://product/7", .h5)]
        },
        TourStep(title: "An in-app open with a native object, awaiting the picked item") { shop in
            let cart = try shop.app.require((any CartService).self)
            let caller = Task { try await shop.app.call(CartPickerRoute(), parameters: ["items": cart.items()]) }
            while !(shop.navigator.state.top?.destination.content is CartPickerScreen) { await Task.yield() }
            let picker = shop.navigator.state.top?.destination.content(as: CartPickerScreen.self)
            var notes = ["the picker shows \(picker?.items.count ?? 0) items; the user picks the second"]
            picker?.pick(1)
            notes.append("answer: \(try await caller.value)")
            try shop.navigator.perform(.back(.dismiss))
            return notes
        },
        TourStep(title: "A protected route while logged out, then login and resume") { shop in
            var notes = [await shop.open("shop://order/7", .deepLink)]
            shop.session?.logIn(as: "alice")
            let resumed = await shop.app.loginDone()   // what the login page says: it closes, the order opens
            notes.append("logged in as alice; resumed: \(resumed.map { "\($0.outcome)" } ?? "nothing pending")")
            return notes
        },
        TourStep(title: "An action route answers its caller") { shop in
            // A URL string reaches the typed action `CartAddRoute` too; its answer is read as its `Answer`.
            let count = try await shop.app.call("shop://cart/add/sku-3").value(as: CartAddRoute.Answer.self)
            return ["the cart now holds \(count.map(String.init) ?? "?") items"]
        },
        TourStep(title: "A Target-Action call by name, and a module that is not linked") { shop in
            try await shop.tap(tab: "home")   // a product's story, in the Home tab
            var notes = ["ProductFeature.Product/title: \(try await shop.app.mediator.productTitle(id: 42))"]
            do {
                _ = try await shop.app.mediator.productReviews(id: 42)
            } catch {
                notes.append("ReviewsFeature: \(error)")
            }
            notes.append(await shop.open("shop://call/Product/detail?id=5", .deepLink))
            return notes
        },
        TourStep(title: "The host app overrides a module's service") { shop in
            let before = try shop.app.require((any ReceiptService).self).receipt(forOrder: 7)
            try shop.app.services.register((any ReceiptService).self, instance: HostReceipts())
            let after = try shop.app.require((any ReceiptService).self).receipt(forOrder: 7)
            return ["OrderFeature's default: \(before)", "after the host registers its own: \(after)"]
        },
        TourStep(title: "A degrade rule sends a page to H5") { shop in
            [await shop.open("/live/launch", .inApp)]
        },
        TourStep(title: "A stable A/B variant for two users") { shop in
            try await shop.tap(tab: "cart")   // checkout is the cart's story
            var notes: [String] = []
            for user in ["alice", "carol", "alice"] {
                shop.session?.logIn(as: user)
                _ = await shop.router.open(CheckoutRoute())
                notes.append("\(user) sees \(shop.navigator.state.top?.name ?? "-")")
            }
            return notes
        },
        TourStep(title: "A remote manifest update from a server on 127.0.0.1") { shop in
            try await shop.tap(tab: "home")   // a deal shows a product
            var notes = [await shop.open("/deal/5", .inApp)]
            let signed = try shop.manifestSigner.sign(Data(ShopManifests.update.utf8))
            let server = try LocalHTTPServer { _ in .respond(status: 200, headers: ["ETag": "\"v2\""], body: signed) }
            defer { server.stop() }
            let source = HTTPManifestSource(url: server.baseURL.appendingPathComponent("manifest.json"), timeout: 5)
            notes.append("server on 127.0.0.1:\(server.port): \(await shop.manifest.refresh(from: source))")
            notes.append(await shop.open("/deal/5", .inApp))
            return notes
        },
        TourStep(title: "Refused: an unsigned link, an open redirect, an external call to an internal page") { shop in
            let signed = try shop.linkSigner.sign("shop://coupon/SPRING10")
            try await shop.tap(tab: "cart")   // a coupon is the cart's story
            return [
                await shop.open("shop://coupon/SPRING10", .deepLink),
                await shop.open("/login?redirect=https://evil.example.com/steal", .deepLink),
                await shop.open("shop://debug/flags", .deepLink),
                await shop.open(signed, .deepLink),
            ]
        },
        TourStep(title: "Pop to a route, then dismiss all") { shop in
            try shop.navigator.perform(.back(.popTo(pattern: ProductListRoute.pattern)))
            var notes = ["popped to \(ProductListRoute.pattern), in the Home tab"]
            _ = await shop.router.open(LoginRoute())
            try shop.navigator.perform(.back(.dismissAll))
            notes.append("opened the login sheet, then dismissed all")
            return notes
        },
        TourStep(title: "The history") { shop in
            shop.navigator.history.entries.suffix(8).map { "\($0)" }
        },
        TourStep(title: "A push for an order selects the Orders tab and pushes there; Home keeps its stack") { shop in
            [await shop.open("shop://order/8", .push)]
        },
        TourStep(title: "A second iPad window launched by the same push, with the promo, changes only that window") { shop in
            let second = try HeadlessNavigator(tabs: Shop.tabs)
            shop.scenes["ipad-2"] = second
            shop.router.attach(second, scene: "ipad-2")
            let report = await shop.router.launch(scene: "ipad-2", links: ["shop://promo/spring", "shop://order/8"].map { IncomingLink($0, via: .push) })
            let notes = report.links.compactMap { link -> String? in
                guard case .opened(let result) = link else { return nil }
                return "open \(result.url) (push) in scene ipad-2: \(result.outcome)"
            }
            return notes + second.state.outline.map { "ipad-2 │ \($0)" }
        },
        TourStep(title: "Killed and relaunched: both windows restore over their homes, without the page the manifest has since switched off") { shop in
            let savedMain = shop.navigator.state.saved().window.encoded()
            let savedSecond = shop.scenes["ipad-2"]?.state.saved().window.encoded() ?? Data()
            let relaunched = try await Shop(bundledManifest: ShopManifests.promoSwitchedOff)
            relaunched.session?.logIn(as: "alice") // the session outlives the process
            let second = try HeadlessNavigator(tabs: Shop.tabs)
            relaunched.scenes["ipad-2"] = second
            relaunched.router.attach(second, scene: "ipad-2")
            let main = await relaunched.router.launch(restoring: savedMain)
            let other = await relaunched.router.launch(scene: "ipad-2", restoring: savedSecond)
            return ["saved \(savedMain.count) + \(savedSecond.count) bytes; relaunched with manifest 3 (/promo/:id switched off)",
                    "main window: \(main.restoration.map { "\($0)" } ?? "-")"] + relaunched.navigator.state.outline.map { "main │ \($0)" }
                + ["ipad-2: \(other.restoration.map { "\($0)" } ?? "-")"] + second.state.outline.map { "ipad-2 │ \($0)" }
        },
    ] + roundTrips

    /// Runs `steps`, printing each as it goes, and returns what each did.
    public func play(_ steps: [TourStep] = Shop.tour, print: (String) -> Void = { Swift.print($0) }) async -> [StepReport] {
        var reports: [StepReport] = []
        for (number, step) in steps.enumerated() {
            let seen = router.recorder?.entries.count ?? 0
            var notes: [String]
            do {
                notes = try await step.run(self)
            } catch {
                notes = ["step failed: \(error)"]
            }
            let events = (router.recorder?.entries ?? []).dropFirst(seen).map(Self.describe)
            let report = StepReport(title: step.title, notes: notes, window: navigator.state.outline, events: events)
            print(Self.render(report, number: number + 1, after: reports.last))
            reports.append(report)
        }
        return reports
    }

    /// What a tap on a tab does: the tab bar selects it (reselecting pops it to its home), then
    /// the router opens its home there if it waited (for login, say).
    func tap(tab: String) async throws {
        try navigator.perform(NavigationStep(.selectTab(tab)))
        await router.didSelectTab(tab)
    }

    /// Opens `url` and says what happened, in one line.
    func open(_ url: String, _ source: RouteSource) async -> String {
        let result = await router.open(url, source: source)
        return "open \(url) (\(source)): \(result.outcome)"
    }

    static func describe(_ entry: DebugRecorder.Entry) -> String {
        withoutNonce("\(entry.url) [\(entry.source)] → \(entry.outcome)" + (entry.redirects.isEmpty ? "" : " via " + entry.redirects.joined(separator: " → ")))
    }

    /// A step as printed: its notes, the window when the step changed it, and its route events.
    static func render(_ report: StepReport, number: Int, after previous: StepReport? = nil) -> String {
        var lines = ["", "── \(number). \(report.title)"]
        lines += report.notes.map { "   \($0)" }
        if report.window != previous?.window {
            lines.append("   window:")
            lines += (report.window.isEmpty ? ["(empty)"] : report.window).map { "     │ \($0)" }
        }
        if !report.events.isEmpty {
            lines.append("   route events:")
            lines += report.events.map { "     · \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

/// The host app's own receipts, replacing OrderFeature's.
struct HostReceipts: ReceiptService {
    func receipt(forOrder id: Int) -> String { "ACME Outdoor — order #\(id), thank you!" }
}

/// Reads the link out of a push notification's JSON payload (`link` or `url`).
public enum PushPayload {
    public static func link(in payload: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any] else { return nil }
        return (object["link"] ?? object["url"]) as? String
    }
}
