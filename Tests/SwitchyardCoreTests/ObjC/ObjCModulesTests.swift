import Foundation
import SwitchyardApp
import SwitchyardObjCRules
import SwitchyardPipeline
import SwitchyardSupport
import Testing

/// Issue 37: an Objective-C module is a module like any other: the same order, the same
/// all-or-nothing registration, the same events.
@Suite("Objective-C modules")
struct ObjCModulesTests {
    struct SwiftModule: FeatureModule {
        let name: String
        let priority: Int
        let log: Locked<[String]>
        func register(in app: AppRouter) throws { log.withLock { $0.append("register \(name)") } }
        func load(in app: AppRouter) async throws { log.withLock { $0.append("load \(name)") } }
        func handle(_ event: AppEvent, in app: AppRouter) async throws { log.withLock { $0.append("\(event) \(name)") } }
    }

    static func foreign(_ name: String, priority: Int, log: Locked<[String]>, failing: Bool = false) -> ForeignModule {
        ForeignModule(name: name, priority: priority, register: { app in
            log.withLock { $0.append("register \(name)") }
            try app.router.action("/\(name.lowercased())") { _ in }
            if failing { throw ObjCCallError.parameter(path: "handler", problem: .null) }
        }, load: { _ in
            log.withLock { $0.append("load \(name)") }
        }, handle: { event, _ in
            log.withLock { $0.append("\(ObjCAppEvents.name(of: event)) \(name)") }
        })
    }

    @Test func objectiveCAndSwiftModulesRegisterLoadAndHearEventsInPriorityOrder() async throws {
        let log = Locked([String]())
        let app = AppRouter()
        try app.modules.add([
            SwiftModule(name: "Home", priority: 0, log: log), Self.foreign("Shop", priority: 100, log: log), SwiftModule(name: "User", priority: 50, log: log),
        ])
        let (registered, loaded) = await app.start()
        #expect(registered.succeeded && loaded.succeeded)
        await app.send(.didEnterBackground)
        #expect(log.withLock { $0 } == [
            "register Shop", "register User", "register Home", "load Shop", "load User", "load Home",
            "didEnterBackground Shop", "didEnterBackground User", "didEnterBackground Home",
        ])
        #expect(app.canOpen("/shop"))
    }

    /// A module whose registration fails: what it registered is taken back, and it hears nothing more.
    @Test func aFailedRegistrationIsTakenBackAndTheModuleGetsNoEvents() async throws {
        let log = Locked([String]())
        let app = AppRouter()
        try app.modules.add([Self.foreign("Shop", priority: 0, log: log, failing: true), SwiftModule(name: "Home", priority: 0, log: log)])
        let (registered, _) = await app.start()
        #expect(registered.failures.map(\.module) == ["Shop"])
        #expect(!app.canOpen("/shop"))
        await app.send(.willTerminate)
        #expect(log.withLock { $0 } == ["register Shop", "register Home", "load Home", "willTerminate Home"])
        let error = ObjCErrors.error(registered.failures[0])
        #expect(error.domain == "SwitchyardErrorDomain")
        #expect(error.code == ObjCErrorCode.moduleFailed.rawValue)
        #expect(error.localizedDescription == "module Shop failed in register: parameter \"handler\": NSNull, which has no Swift value: leave the key out")
    }

    @Test func aRepeatedModuleNameIsRefused() throws {
        let log = Locked([String]())
        let app = AppRouter()
        try app.modules.add([Self.foreign("Shop", priority: 0, log: log)])
        #expect(throws: ModuleError.duplicateName("Shop")) { try app.modules.add([Self.foreign("Shop", priority: 1, log: log)]) }
        #expect(ObjCErrorCode(ModuleError.duplicateName("Shop")) == .duplicateModule)
    }

    /// Each lifecycle event by the name Objective-C sends, and back.
    @Test(arguments: [
        ("didFinishLaunching", ["launch": "x"], "didFinishLaunching"),
        ("willEnterForeground", [:], "willEnterForeground"),
        ("didEnterBackground", [:], "didEnterBackground"),
        ("willTerminate", [:], "willTerminate"),
        ("memoryWarning", [:], "memoryWarning"),
        ("didBecomeActive", [:], "didBecomeActive"),
        ("willResignActive", [:], "willResignActive"),
        ("openURL", ["url": "shop://cart/1"], "openURL(shop://cart/1)"),
        ("quickAction", ["type": "search"], "quickAction(search)"),
        ("didReceiveRemoteNotification", ["link": "x"], "didReceiveRemoteNotification"),
        ("continueUserActivity", ["activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://shop.example.com/p/1"],
         "continueUserActivity(NSUserActivityTypeBrowsingWeb)"),
        ("userDidLogIn", ["user": "7"], "custom(userDidLogIn)"),
    ] as [(String, [String: String], String)])
    func anEventNamedFromObjectiveCIsTheAppEvent(name: String, userInfo: [String: String], description: String) throws {
        let event = try ObjCAppEvents.event(named: name, userInfo: userInfo)
        #expect(event.description == description)
        #expect(ObjCAppEvents.name(of: event) == name)
        for (key, value) in userInfo { #expect(ObjCAppEvents.userInfo(of: event)[key] as? String == value) }
    }

    /// A URL object is its text; a notification's nested payload is JSON text.
    @Test func urlsAndNestedPayloadsBecomeText() throws {
        let opened = try ObjCAppEvents.event(named: "openURL", userInfo: ["url": URL(string: "shop://cart/1")!])
        #expect(opened.description == "openURL(shop://cart/1)")
        let push = try ObjCAppEvents.event(named: "didReceiveRemoteNotification", userInfo: ["aps": ["alert": "Hi", "badge": NSNumber(value: 2)], "link": "shop://cart/1"])
        guard case .didReceiveRemoteNotification(let payload) = push else { Issue.record("not a notification: \(push)"); return }
        #expect(payload == ["aps": #"{"alert":"Hi","badge":2}"#, "link": "shop://cart/1"])
    }

    /// What an event cannot carry, or lacks, is refused by name; nothing is sent.
    @Test func anEventItCannotCarryIsRefused() {
        #expect(throws: ObjCCallError.missingArgument(call: "sendEventNamed:", argument: "the event name")) {
            try ObjCAppEvents.event(named: "", userInfo: nil)
        }
        #expect(throws: ObjCCallError.missingArgument(call: #"sendEventNamed:@"openURL""#, argument: #"userInfo[@"url"]"#)) {
            try ObjCAppEvents.event(named: "openURL", userInfo: [:])
        }
        #expect(throws: ObjCCallError.missingArgument(call: #"sendEventNamed:@"quickAction""#, argument: #"userInfo[@"type"]"#)) {
            try ObjCAppEvents.event(named: "quickAction", userInfo: ["type": ""])
        }
        #expect(throws: ObjCCallError.parameter(path: "when", problem: .notText(valueClass: "Model"))) {
            try ObjCAppEvents.event(named: "didFinishLaunching", userInfo: ["when": Model()])
        }
        #expect(throws: ObjCCallError.parameter(path: "list", problem: .notText(valueClass: "Array<Any>"))) {
            try ObjCAppEvents.event(named: "didFinishLaunching", userInfo: ["list": ["a"]])
        }
        #expect(throws: ObjCCallError.parameter(path: "user", problem: .null)) {
            try ObjCAppEvents.event(named: "userDidLogIn", userInfo: ["user": NSNull()])
        }
        #expect(throws: ObjCCallError.missingArgument(call: "addModule:", argument: "moduleName (it is empty)")) {
            try ObjCAppEvents.checkModuleName("")
        }
    }

    final class Model: @unchecked Sendable {}

    /// BeeHive's order for an app delegate: modules register before start returns, on the
    /// caller's thread; events sent before the start wait for it and the load; events keep their order.
    @Test func startRegistersAtOnceAndEventsWaitTheirTurnInOrder() async throws {
        let log = Locked([String]())
        let app = AppRouter()
        try app.modules.add([Self.foreign("Shop", priority: 0, log: log)])
        let steps = ObjCAppSteps(app: app)
        let heard = AsyncStream<String>.makeStream()
        steps.send(.didFinishLaunching(options: [:])) { _ in heard.continuation.yield("first") }
        #expect(!app.canOpen("/shop"))
        let registered = try steps.start { _, _ in heard.continuation.yield("loaded") }
        #expect(registered.modules == ["Shop"] && registered.succeeded)
        #expect(app.canOpen("/shop"))
        for index in 0..<20 { steps.send(.custom("e\(index)")) { _ in heard.continuation.yield("e\(index)") } }
        #expect(throws: ModuleError.startedAgain) { try steps.start { _, _ in } }
        var order: [String] = []
        for await item in heard.stream {
            order.append(item)
            if order.count == 22 { break }
        }
        #expect(order == ["loaded", "first"] + (0..<20).map { "e\($0)" })
        #expect(log.withLock { $0 }.prefix(3) == ["register Shop", "load Shop", "didFinishLaunching Shop"])
    }

    /// An event Objective-C sends before Swift's `AppRouter.start()` is kept, and delivered once
    /// that start has loaded the modules, before any sent later: no event is lost to a start
    /// from the other language.
    @Test func eventsKeptBeforeASwiftStartGoFirstAfterIt() async throws {
        let log = Locked([String]())
        let app = AppRouter()
        try app.modules.add([Self.foreign("Shop", priority: 0, log: log)])
        let steps = ObjCAppSteps(app: app)
        let early = AsyncStream<[String]>.makeStream()
        steps.send(.custom("early")) { report in early.continuation.yield(report.modules) }
        _ = await app.start()
        // Delivered once the Swift start has loaded the modules, with no later event to carry it.
        for await modules in early.stream {
            #expect(modules == ["Shop"])
            break
        }
        _ = await withCheckedContinuation { continuation in
            steps.send(.willTerminate) { report in continuation.resume(returning: report.modules) }
        }
        #expect(log.withLock { $0 } == ["register Shop", "load Shop", "early Shop", "willTerminate Shop"])
    }

    /// An event sent while the start registers the modules (from a module's own register step)
    /// waits for the load and for the events sent before it, as one sent before the start does.
    @Test func anEventSentWhileTheModulesRegisterWaitsForTheLoad() async throws {
        let log = Locked([String]())
        let app = AppRouter()
        let steps = Locked<ObjCAppSteps?>(nil)
        let heard = AsyncStream<String>.makeStream()
        try app.modules.add([ForeignModule(name: "Shop", priority: 0, register: { _ in
            log.withLock { $0.append("register Shop") }
            steps.withLock { $0 }?.send(.custom("during")) { _ in heard.continuation.yield("during") }
        }, load: { _ in
            log.withLock { $0.append("load Shop") }
        }, handle: { event, _ in
            log.withLock { $0.append("\(ObjCAppEvents.name(of: event)) Shop") }
        })])
        let made = ObjCAppSteps(app: app)
        steps.withLock { $0 = made }
        made.send(.custom("before")) { _ in heard.continuation.yield("before") }
        try made.start { _, _ in heard.continuation.yield("loaded") }
        var order: [String] = []
        for await item in heard.stream {
            order.append(item)
            if order.count == 3 { break }
        }
        #expect(order == ["loaded", "before", "during"])
        #expect(log.withLock { $0 } == ["register Shop", "load Shop", "before Shop", "during Shop"])
    }

    /// One start, whichever language makes it: after Swift's `AppRouter.start()`, the Objective-C
    /// start registers and loads nothing again, and Objective-C's events are delivered at once.
    @Test func aSwiftStartAndAnObjectiveCStartRegisterOnce() async throws {
        let log = Locked([String]())
        let app = AppRouter()
        try app.modules.add([Self.foreign("Shop", priority: 0, log: log)])
        _ = await app.start()
        let steps = ObjCAppSteps(app: app)
        #expect(try steps.start { _, _ in }.modules.isEmpty)
        let delivered = await withCheckedContinuation { continuation in
            steps.send(.willTerminate) { report in continuation.resume(returning: report.modules) }
        }
        #expect(delivered == ["Shop"])
        #expect(await app.modules.start(app).registered.modules.isEmpty)
        #expect(log.withLock { $0 } == ["register Shop", "load Shop", "willTerminate Shop"])
    }
}
