import Foundation
import Logging
import Switchyard
import SwitchyardObjCRules
import Testing

/// Issue 48's six cases, as its report tells them: each capability held on its own and broke
/// where it met another. Each test prints what it saw (the window or the reply), so a run shows
/// the before and after the issue asks for; the family tests around these close the rest.
@Suite("Where features meet: issue 48's six cases")
struct WhereFeaturesMeetTests {
    /// 1. An x-callback link that arrives before `markReady()`, and one a launch is handed.
    @Test func aColdStartXCallbackLinkCompletes() async throws {
        for viaLaunch in [false, true] {
            let shop = try ColdStartShop()
            let link = "shop://x-callback-url/cart/pick?x-source=Sibling&x-success=sibling://done"
            let opening = Task { @MainActor in
                viaLaunch ? "\(await shop.router.launch(links: [IncomingLink(link)]).links)" : "\(await shop.router.handleIncoming(link))"
            }
            while shop.router.waitingForReadiness + shop.router.launchesWaitingForReadiness < 1 { await Task.yield() }
            shop.router.markReady()
            let result = await within(hangBound) { await opening.value }
            print("case 1 (\(viaLaunch ? "launch" : "handleIncoming")): \(result ?? "still waiting after \(hangBound) s"); waiting \(shop.router.waitingForReadiness), ready \(shop.router.isReady), opened \(shop.opened.current)")
            #expect(result != nil)
            #expect(shop.opened.current == ["sibling://done?sku=A1"])
            #expect(shop.router.waitingForReadiness == 0 && shop.router.isReady)
        }
    }

    /// 2. A page in an untrusted folder leaves for a page of the same name in a trusted one.
    @Test func offlinePagesOfTwoFoldersAreTwoCallers() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .seconds(600)))
        let release = Gate<Void>()
        let callers = Shared<[RouteCaller]>([])
        try router.action("/order/new") { request in
            // The first call waits until the test lets it go; later ones answer at once.
            if callers.withLock({ callers in
                callers.append(request.caller)
                return callers.count == 1
            }) {
                await release.wait()
            }
            request.answer("A-1001")
        }
        let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: [:], fileDirectories: [
            "/app/trusted/": ["/order/new"], "/app/untrusted/": ["/order/new"],
        ]))
        let file = WebOrigin(scheme: "file", host: "", port: nil)
        let trusted = WebFrame(origin: file, url: "file:///app/trusted/index.html")
        let untrusted = WebFrame(origin: file, url: "file:///app/untrusted/index.html")
        let call = #"{"page":"main","id":1,"method":"call","url":"/order/new","params":{}}"#
        let waiting = Task { Reply(await bridge.receive(call, from: trusted)) }
        for _ in 0..<100_000 where callers.current.isEmpty { await Task.yield() }
        _ = await bridge.receive(#"{"page":"main","method":"leave"}"#, from: untrusted)
        release.resolve(())
        let reply = await waiting.value
        let secondReply = Reply(await bridge.receive(call, from: untrusted))
        print("case 2: the trusted page's reply after the untrusted page's leave: \(reply.text); callers \(callers.current); the untrusted page's same call: \(secondReply.text)")
        #expect(reply.answer == .string("A-1001"))
        #expect(callers.current.count == 2 && callers.current[0] != callers.current[1])
        #expect(secondReply.answer == .string("A-1001"), "the other folder's page is another caller, not a duplicate")
    }

    /// 3. A limited caller repeats a call to a missing route and to one it may not reach.
    @Test func aRepeatTellsAForbiddenRouteFromAMissingOneNoMore() async throws {
        let shop = try ManyCallers()
        var replies: [String] = []
        for url in ["shop://admin/wipes", "shop://admin/wipe"] {
            _ = await shop.page(url, id: 1)
            replies.append(await shop.page(url, id: 2).text.replacingOccurrences(of: url, with: "URL"))
        }
        print("case 3: the repeat of a missing route: \(replies[0]); of a forbidden one: \(replies[1])")
        #expect(replies[0] == replies[1])
        #expect(replies[0] == #"{"error":{"code":"notOpenToCaller","message":"URL is not open to web pages of https://promo.example.com"},"id":2,"ok":false}"#)
    }

    /// 4. A link handed over before the launch, with a saved window: before the scene is attached
    /// (SwiftUI's `.onOpenURL` before the window's `.task`), and right after the UIKit scene
    /// delegate starts the launch (`startLaunch`, where it wrote `Task { await router.launch(…) }`),
    /// 300 rounds each.
    @Test @MainActor func aLinkBeforeTheLaunchOpensOverWhatTheLaunchPutsInPlace() async throws {
        let saved = try await ColdStartApp.savedWindow(["shop://product/42"])
        let expected = ["tab home*: Home > ProductList > Product(42) > Product(3)", "tab cart: Cart", "tab orders: Orders", "tab me: Me"]
        for swiftUI in [true, false] {
            var wrong: [String: Int] = [:]
            for _ in 0..<300 {
                let app = try ColdStartApp(loggedIn: true)
                let scene = "window-1"
                let navigator = try HeadlessNavigator(tabs: ColdStartApp.tabs)
                let link: Task<IncomingResult, Never>
                if swiftUI {
                    link = Task { await app.router.handleIncoming("shop://product/3", scene: scene) }
                    for _ in 0..<20 { await Task.yield() }
                    app.router.attach(navigator, scene: scene)
                    _ = await app.router.launch(scene: scene, restoring: saved)
                } else {
                    app.router.attach(navigator, scene: scene)
                    let launching = app.router.startLaunch(scene: scene, restoring: saved)
                    link = Task { await app.router.handleIncoming("shop://product/3", scene: scene) }
                    _ = await launching.value
                }
                _ = await within(hangBound) { await link.value }
                if navigator.state.outline != expected { wrong["\(navigator.state.outline)", default: 0] += 1 }
            }
            print("case 4 (\(swiftUI ? "SwiftUI: the link, then .task attaches and launches" : "UIKit: attach, startLaunch, then the link")): \(300 - wrong.values.reduce(0, +)) of 300 rounds \(expected); \(wrong.isEmpty ? "no other window" : "others: \(wrong)")")
            #expect(wrong.isEmpty)
        }
    }

    /// 5. `@Injected` in a screen a route of an `AppRouter` builds.
    @Test func injectedInAScreenARouteBuildsReadsTheAppsServices() async throws {
        let app = AppRouter.quiet()
        try app.services.register(Greeter.self, instance: Greeter(text: "hello"))
        let navigator = await MainActor.run { HeadlessNavigator() }
        await MainActor.run { app.navigator = navigator }
        try app.router.page("/greet") { _ in Destination(GreetingScreen(), name: "Greet") }
        _ = await app.open("/greet")
        let text = await MainActor.run { (navigator.state.top?.destination.content as? GreetingScreen)?.greeter?.text }
        print("case 5: the screen's @Injected greeter: \(text ?? "nil")")
        #expect(text == "hello")
    }

    /// 6. A launch awaited before `markReady()`, a launch with no navigator, an Objective-C app never started.
    @Test func aWrongOrderSaysSo() async throws {
        let logs = LogCapture()
        let router = Router(configuration: RouterConfiguration(logger: logs.logger),
                            settings: PipelineSettings(startsReady: false, homes: WindowHomes(root: "/home"), readinessWarning: .milliseconds(50)))
        try router.page("/home") { _ in Destination("Home") }
        let launched = Task { await router.launch() }
        // The launch runs on the main actor, which other tests may keep busy: wait until it waits.
        for _ in 0..<1_000 where router.launchesWaitingForReadiness < 1 { try await Task.sleep(for: .milliseconds(10)) }
        for _ in 0..<1_000 where !logs.lines.contains(where: { $0.contains("markReady") }) { try await Task.sleep(for: .milliseconds(10)) }
        let report = await within(0.2) { await launched.value }
        let waitingLine = logs.lines.first { $0.contains("markReady") }
        print("case 6a: launch before markReady: \(report.map { "\($0)" } ?? "still waiting"); log: \(waitingLine ?? "nothing")")
        #expect(waitingLine != nil)
        router.markReady()
        let ended = await within(hangBound) { await launched.value }
        print("case 6b: launch with no navigator attached: \(ended.map { "\($0)" } ?? "still waiting"); log: \(logs.lines.filter { $0.contains("navigator") })")
        #expect(ended?.homes.first?.status == .failed(Router.noNavigatorForLaunch(scene: nil)))
        #expect(logs.lines.contains { $0.contains("attach") })

        weak var weakSentinel: Sentinel?
        do {
            let steps = ObjCAppSteps(app: AppRouter.quiet())
            let sentinel = Sentinel()
            weakSentinel = sentinel
            steps.send(.custom("never", payload: [:])) { _ in _ = sentinel }
        }
        for _ in 0..<100 where weakSentinel != nil { await Task.yield() }
        print("case 6c: an event sent to an Objective-C app that is never started, once the app is gone: \(weakSentinel == nil ? "released" : "still held by a waiting task")")
        #expect(weakSentinel == nil)
    }
}

/// An object whose release a test watches.
final class Sentinel: Sendable {}

/// A service a screen injects.
struct Greeter: Sendable { let text: String }

/// A screen made by a route, reading a service as a screen does: `@Injected`, no registry named.
final class GreetingScreen: @unchecked Sendable {
    @Injected var greeter: Greeter?
}

/// A shop that starts before it is ready, with a cart picker other apps may call.
struct ColdStartShop {
    let router: Router
    let channel: XCallbackChannel
    let opened = Shared<[String]>([])

    init() throws {
        router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger),
                        settings: PipelineSettings(startsReady: false))
        try router.action("/cart/pick") { request in request.answer(["sku": "A1"]) }
        let opened = opened
        channel = try XCallbackChannel(router: router, settings: XCallbackSettings(sourceName: "Shop", openToApps: ["/cart/pick"], allowedCallbacks: ["sibling"])) { url in
            opened.withLock { $0.append(url) }
            return true
        }
        try channel.register()
    }
}

/// How long a test waits for something that must end before it calls it hung. A hang never
/// ends, so the bound only has to outlast a loaded machine: under a full parallel test run on
/// two cores a chain of a dozen hops has taken over five seconds.
let hangBound: Double = 30

/// `body`'s value, or `nil` when it has not come within `seconds` (the task is cancelled then).
func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async -> T) async -> T? {
    let result = Shared<T?>(nil)
    let task = Task {
        let value = await body()
        result.withLock { $0 = value }
    }
    let deadline = ContinuousClock.now + .seconds(seconds)
    while result.current == nil, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
    if result.current == nil { task.cancel() }
    return result.current
}
