import Logging
import Switchyard
import SwitchyardTesting
import Testing

/// A module that records what it receives in a shared log and fails where told to.
struct Probe: FeatureModule {
    let name: String
    var priority: Int = 0
    let log: Shared<[String]>
    var failsIn: Set<String> = []

    func register(in app: AppRouter) throws {
        try step("register")
    }

    func load(in app: AppRouter) async throws {
        try step("load")
    }

    func handle(_ event: AppEvent, in app: AppRouter) async throws {
        try step(event.description)
    }

    private func step(_ name: String) throws {
        log.withLock { $0.append("\(self.name).\(name)") }
        if failsIn.contains(name) { throw Failure(description: "\(self.name) broke in \(name)") }
    }
}

extension AppRouter {
    static func quiet(navigator: Bool = false) -> AppRouter {
        let logger = Logger(label: "switchyard.tests") { _ in SwiftLogNoOpLogHandler() }
        return AppRouter(
            router: Router(configuration: .quiet), mediator: Mediator(configuration: .quiet()),
            services: ServiceRegistry(logger: logger), modules: ModuleRegistry(logger: logger)
        )
    }
}

@Suite("Modules")
struct ModuleTests {
    let app = AppRouter.quiet()
    let log = Shared<[String]>([])

    @Test func modulesRunInPriorityThenDeclarationOrder() async throws {
        try app.add(Probe(name: "Low", priority: -5, log: log), Probe(name: "A", log: log), Probe(name: "High", priority: 10, log: log))
        try app.add(Probe(name: "B", log: log), Probe(name: "AlsoHigh", priority: 10, log: log))
        #expect(app.modules.names == ["High", "AlsoHigh", "A", "B", "Low"])

        let (registered, loaded) = await app.start()
        #expect(registered.succeeded && loaded.succeeded)
        #expect(log.current == ["High", "AlsoHigh", "A", "B", "Low"].map { "\($0).register" } + ["High", "AlsoHigh", "A", "B", "Low"].map { "\($0).load" })
    }

    @Test(arguments: [
        AppEvent.didFinishLaunching(options: ["source": "push"]), .willEnterForeground, .didEnterBackground, .willTerminate,
        .openURL("myapp://home"), .continueUserActivity(type: "NSUserActivityTypeBrowsingWeb", webpageURL: "https://shop.example.com/x"),
        .memoryWarning, .custom("userDidLogIn", payload: ["id": 7]),
        .didBecomeActive, .willResignActive, .didReceiveRemoteNotification(payload: ["order": "7"]), .quickAction(type: "search"),
    ])
    func everyLifecycleEventReachesEveryModuleInOrder(event: AppEvent) async throws {
        try app.add(Probe(name: "A", log: log), Probe(name: "B", priority: 1, log: log))
        _ = await app.start()
        log.withLock { $0.removeAll() }
        let report = await app.send(event)
        #expect(report == ModuleReport(modules: ["B", "A"]))
        #expect(log.current == ["B.\(event)", "A.\(event)"])
    }

    @Test func aDuplicateNameIsAnErrorAndAddsNothing() throws {
        try app.add(Probe(name: "Cart", log: log))
        #expect(throws: ModuleError.duplicateName("Home")) {
            try app.add(Probe(name: "Home", log: log), Probe(name: "Home", priority: 3, log: log))
        }
        #expect(throws: ModuleError.duplicateName("Cart")) { try app.add(Probe(name: "Cart", log: log)) }
        #expect(app.modules.names == ["Cart"])
    }

    @Test func modulesCannotBeAddedAfterStart() async throws {
        _ = await app.start()
        #expect(throws: ModuleError.alreadyStarted(module: "Late")) { try app.add(Probe(name: "Late", log: log)) }
    }

    @Test func aModuleThatThrowsIsReportedAndTheOthersGoOn() async throws {
        try app.add(
            Probe(name: "Broken", priority: 2, log: log, failsIn: ["register"]),
            Probe(name: "Slow", priority: 1, log: log, failsIn: ["load", "didEnterBackground"]),
            Probe(name: "Fine", log: log)
        )
        let (registered, loaded) = await app.start()
        #expect(registered.failures == [.init(module: "Broken", step: "register", reason: "Broken broke in register")])
        #expect(loaded.modules == ["Slow", "Fine"], "a module that failed to register is not loaded")
        #expect(loaded.failures == [.init(module: "Slow", step: "load", reason: "Slow broke in load")])

        let report = await app.send(.didEnterBackground)
        #expect(report.modules == ["Slow", "Fine"])
        #expect(report.failures.map(\.description) == ["module Slow failed in didEnterBackground: Slow broke in didEnterBackground"])
        #expect(log.current.suffix(2) == ["Slow.didEnterBackground", "Fine.didEnterBackground"])
    }
}
