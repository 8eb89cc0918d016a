/// BeeHive (alibaba/BeeHive): the examples of its README (module registration, `modSetUp:`
/// and `modInit:`, system and custom events, `registerService:service:`, `createService:`,
/// `singleton`, the global context), ported to Switchyard and rewritten.
///
/// Each example follows the migration guide (`MigratingFromBeeHive.md`): a BeeHive module is a
/// `FeatureModule` added to an `AppRouter`, `modSetUp:`/`modInit:` are `register(in:)` and
/// `load(in:)`, `mod…:` hooks are `handle(_:in:)` with an `AppEvent`, `modulePriority` is
/// `priority`, and services live in the `ServiceRegistry` (`.shared` for `singleton` YES,
/// `.transient` for NO). A test whose name starts with `differs` asserts Switchyard's answer
/// where it deliberately departs from BeeHive, and says why.
import Foundation
import Switchyard
import Testing

/// The README's `UserTrackServiceProtocol`, implemented by a module.
protocol BeeUserTrackService: Sendable {
    func track(_ page: String) -> String
}

struct BeeUserTracker: BeeUserTrackService {
    func track(_ page: String) -> String { "tracked \(page)" }
}

/// The README's `HomeServiceProtocol`: other modules register their tabs with the home screen.
protocol BeeHomeService: Sendable {
    func registerViewController(title: String, iconName: String)
    var tabs: [String] { get }
}

/// The README's `BHViewController`, which implements `HomeServiceProtocol`.
final class BeeHomeController: BeeHomeService {
    let id = UUID()
    private let registered = Shared<[String]>([])

    func registerViewController(title: String, iconName: String) {
        registered.withLock { $0.append("\(title) (\(iconName))") }
    }

    var tabs: [String] { registered.current }
}

/// `context.env` of the README's `modSetup:`: shared through the service registry.
enum BeeEnvironment: Sendable {
    case dev, prod
}

/// A module that logs every hook it receives: `setUp` for `register(in:)` (BeeHive's
/// `modSetUp:`), `init` for `load(in:)` (`modInit:`), and each event by name.
struct BeeLoggingModule: FeatureModule {
    let name: String
    var priority: Int = 0
    let log: Shared<[String]>

    func register(in app: AppRouter) throws {
        log.withLock { $0.append("\(self.name).setUp") }
    }

    func load(in app: AppRouter) async throws {
        log.withLock { $0.append("\(self.name).init") }
    }

    func handle(_ event: AppEvent, in app: AppRouter) async throws {
        log.withLock { $0.append("\(self.name).\(event)") }
    }
}

/// The README's module init: `modInit:` registers `UserTrackServiceProtocol` for other modules.
struct BeeUserTrackModule: FeatureModule {
    let name = "UserTrack"

    func register(in app: AppRouter) throws {
        try app.services.register((any BeeUserTrackService).self) { _ in BeeUserTracker() }
    }
}

/// The README's `modSetup:` that switches on `context.env`.
struct BeeEnvironmentModule: FeatureModule {
    let name = "Network"
    let log: Shared<[String]>

    func register(in app: AppRouter) throws {
        let environment = app.service(BeeEnvironment.self) ?? .prod
        log.withLock { $0.append("configured for \(environment)") }
    }
}

/// A module that reads the payload of custom events (`modDidCustomEvent:`, `modQuickAction:`).
struct BeeCustomEventModule: FeatureModule {
    let name = "Account"
    let log: Shared<[String]>

    func register(in app: AppRouter) throws {}

    func handle(_ event: AppEvent, in app: AppRouter) async throws {
        guard case .custom(let eventName, let payload) = event else { return }
        let detail = (payload["id"] as? Int).map { String($0) } ?? (payload["type"] as? String ?? "")
        log.withLock { $0.append("\(eventName) \(detail)") }
    }
}

/// `BH_EXPORT_MODULE(YES)`: a module whose init is asynchronous.
struct BeeAsyncHomeModule: FeatureModule {
    let name = "AsyncHome"
    let log: Shared<[String]>

    func register(in app: AppRouter) throws {}

    func load(in app: AppRouter) async throws {
        try await Task.sleep(for: .milliseconds(20))
        log.withLock { $0.append("home initialised") }
    }
}

@Suite("Ported from BeeHive's README", .timeLimit(.minutes(1)))
struct BeeHiveExamplesTests {
    let app = AppRouter.quiet()
    let log = Shared<[String]>([])

    // MARK: - Same answer as BeeHive

    /// "Module init" (3.2): a module's `modInit:` calls `registerService:service:` for
    /// `UserTrackServiceProtocol`; after start-up another module's `createService:` gets it.
    @Test func aModuleRegistersAServiceThatOthersCreate() async throws {
        try app.add(BeeUserTrackModule())
        let (registered, loaded) = await app.start()
        #expect(registered.succeeded && loaded.succeeded)
        #expect(try app.require((any BeeUserTrackService).self).track("home") == "tracked home")
    }

    /// "Register service" by API (3.4.2) and "Service invocation" (3.4.3): `HomeServiceProtocol`
    /// maps to `BHViewController`, and `createService:` returns it for other modules to call.
    /// A protocol nobody registered gives nothing.
    @Test func createServiceReturnsTheRegisteredImplementation() throws {
        try app.services.register((any BeeHomeService).self) { _ in BeeHomeController() }
        let home = try app.require((any BeeHomeService).self)
        #expect(home is BeeHomeController)
        home.registerViewController(title: "Shop", iconName: "cart")
        #expect(app.service((any BeeHomeService).self)?.tabs == ["Shop (cart)"])
        #expect(app.service((any BeeUserTrackService).self) == nil)
    }

    /// "Singleton or several instances" (3.5): `singleton` returning YES gives every
    /// `createService:` the same object (`.shared`); NO gives a new one each time (`.transient`).
    @Test(arguments: [(ServiceScope.shared, true), (.transient, false)])
    func singletonDecidesWhetherLookupsShareAnInstance(scope: ServiceScope, same: Bool) throws {
        try app.services.register((any BeeHomeService).self, scope: scope) { _ in BeeHomeController() }
        let first = try app.require((any BeeHomeService).self) as? BeeHomeController
        let second = try app.require((any BeeHomeService).self) as? BeeHomeController
        #expect(first != nil && second != nil)
        #expect((first === second) == same)
    }

    /// "Dynamic registration" (2.2) with `modulePriority` (larger first, from
    /// `BHModuleProtocol.h`): every module's `modSetUp:` runs before any `modInit:`, each
    /// phase in priority order.
    @Test func modulesSetUpThenInitInPriorityOrder() async throws {
        try app.add(BeeLoggingModule(name: "Trade", priority: 10, log: log),
                    BeeLoggingModule(name: "Shop", priority: 100, log: log),
                    BeeLoggingModule(name: "Home", priority: 50, log: log))
        let (registered, loaded) = await app.start()
        #expect(registered.modules == ["Shop", "Home", "Trade"])
        #expect(loaded.modules == ["Shop", "Home", "Trade"])
        #expect(log.current == ["Shop.setUp", "Home.setUp", "Trade.setUp", "Shop.init", "Home.init", "Trade.init"])
    }

    /// "System event" (1.1) and "Event processing" (3.3): the app delegate's events reach
    /// every module's hook (`modDidEnterBackground:`, `modWillEnterForeground:`,
    /// `modWillTerminate:`, `modDidReceiveMemoryWaring:`, `modOpenURL:`,
    /// `modContinueUserActivity:`), in priority order.
    @Test(arguments: [
        AppEvent.didEnterBackground, .willEnterForeground, .willTerminate, .memoryWarning,
        .openURL("myapp://home"), .continueUserActivity(type: "NSUserActivityTypeBrowsingWeb", webpageURL: "https://shop.example.com/item/1"),
    ])
    func systemEventsReachEveryModuleInPriorityOrder(event: AppEvent) async throws {
        try app.add(BeeLoggingModule(name: "Home", priority: 1, log: log), BeeLoggingModule(name: "Shop", priority: 2, log: log))
        _ = await app.start()
        log.withLock { $0.removeAll() }
        let report = await app.send(event)
        #expect(report == ModuleReport(modules: ["Shop", "Home"]))
        #expect(log.current == ["Shop.\(event)", "Home.\(event)"])
    }

    /// "Business custom event" (1.3, `modDidCustomEvent:`): an event the app defines, with its
    /// payload, reaches the modules.
    @Test func aCustomEventCarriesItsPayload() async throws {
        try app.add(BeeCustomEventModule(log: log))
        _ = await app.start()
        let report = await app.send(.custom("userDidLogIn", payload: ["id": 7]))
        #expect(report.succeeded)
        #expect(log.current == ["userDidLogIn 7"])
    }

    /// "Event processing" (3.3): `modQuickAction:` with the shortcut item. A quick action has
    /// no case of its own, so it travels as a custom event named by the app.
    @Test func aQuickActionTravelsAsACustomEvent() async throws {
        try app.add(BeeCustomEventModule(log: log))
        _ = await app.start()
        await app.send(.custom("quickAction", payload: ["type": "com.example.search"]))
        #expect(log.current == ["quickAction com.example.search"])
    }

    /// "Setting environment variables" (3.1): `modSetup:` switches on `context.env`, which the
    /// app set before start-up. The context's values are services here.
    @Test func aModuleConfiguresItselfFromTheEnvironment() async throws {
        try app.services.register(BeeEnvironment.self, instance: .dev)
        try app.add(BeeEnvironmentModule(log: log))
        _ = await app.start()
        #expect(log.current == ["configured for dev"])
    }

    /// "Global context" (3.6): the app delegate hands the launch options to the modules, then
    /// creates the home service and uses it as the root screen.
    @Test func launchReachesTheModulesAndTheRootComesFromAService() async throws {
        try app.add(BeeLoggingModule(name: "Home", log: log))
        try app.services.register((any BeeHomeService).self) { _ in BeeHomeController() }
        _ = await app.start()
        let report = await app.send(.didFinishLaunching(options: ["url": "myapp://home"]))
        #expect(report == ModuleReport(modules: ["Home"]))
        #expect(log.current.last == "Home.didFinishLaunching")
        #expect(app.service((any BeeHomeService).self) is BeeHomeController)
    }

    // MARK: - Where Switchyard deliberately differs

    /// Registering a service twice: BeeHive's service manager keeps the first implementation
    /// (and raises when its exceptions are on). Switchyard replaces it, so a host app can
    /// override a module's default; `freeze()` after start-up refuses any later one.
    @Test func differsTheLastRegistrationOfAServiceWins() throws {
        let first = BeeHomeController()
        let second = BeeHomeController()
        try app.services.register((any BeeHomeService).self, instance: first)
        try app.services.register((any BeeHomeService).self, instance: second)
        #expect(try (app.require((any BeeHomeService).self) as? BeeHomeController) === second)    // BeeHive: first
        app.services.freeze()
        #expect(throws: ServiceError.frozen(service: "BeeHomeService")) {
            try app.services.register((any BeeHomeService).self, instance: first)
        }
    }

    /// "Asynchronous loading" (2.3): `BH_EXPORT_MODULE(YES)` runs the module's init after the
    /// first screen, and launch does not wait for it. Switchyard awaits every module's
    /// `load(in:)` in turn, so when `start()` returns every module is ready to be called.
    @Test func differsStartAwaitsAnAsynchronousInit() async throws {
        try app.add(BeeAsyncHomeModule(log: log))
        let (_, loaded) = await app.start()
        #expect(loaded == ModuleReport(modules: ["AsyncHome"]))
        #expect(log.current == ["home initialised"])                        // BeeHive: not yet
    }

    /// Modules are values added in code before start-up: BeeHive can register a module at any
    /// time (`registerDynamicModule:`). Switchyard refuses a module added after `start()`,
    /// which would have missed the registration every other module saw.
    @Test func differsAModuleCannotBeAddedAfterStartUp() async throws {
        try app.add(BeeLoggingModule(name: "Home", log: log))
        _ = await app.start()
        #expect(throws: ModuleError.alreadyStarted(module: "Late")) {
            try app.add(BeeLoggingModule(name: "Late", log: log))
        }
        #expect(app.modules.names == ["Home"])
    }
}

// Ported examples: 12.
//   Same answer as BeeHive: 9 — modInit registering UserTrackServiceProtocol for other
//   modules; API registration and createService: of HomeServiceProtocol; singleton YES/NO;
//   modSetUp before modInit in modulePriority order; system events to every module in
//   priority order; a business custom event with its payload; modQuickAction as a custom
//   event; modSetup reading context.env; the global context at launch with the root from a
//   service.
//   Deliberately different: 3 —
//   1. the last registration of a service wins (BeeHive keeps the first); freeze() locks it;
//   2. start() awaits an asynchronous module init (BeeHive's runs after launch, unawaited);
//   3. modules cannot be added after start() (BeeHive registers dynamic modules at any time).
