import Foundation
import Logging
import Switchyard
import SwitchyardTesting
import Testing

protocol IsolationProbeService: Sendable {
    var label: String { get }
}

struct IsolationProbeImplementation: IsolationProbeService {
    let label: String
}

/// Registers two routes, an interceptor, a service, a mediator target and a fallback, then throws.
struct HalfRegisteredModule: FeatureModule {
    let name = "HalfRegistered"

    func register(in app: AppRouter) throws {
        try app.router.page("/half/one") { _ in Destination("one") }
        try app.router.action("/half/two") { _ in }
        app.router.addInterceptor(Step(name: "half interceptor") { _ in .reject(Failure(description: "left behind")) })
        try app.services.register((any IsolationProbeService).self, instance: IsolationProbeImplementation(label: "half"))
        app.mediator.register(Target_Product.self, as: "Half")
        app.mediator.setFallbackTarget(Target_NoTarget.self)
        throw Failure(description: "the module's database is missing")
    }
}

/// A module whose step never returns, or returns only when told.
struct StuckModule: FeatureModule {
    let name: String
    let release: Shared<Bool>

    func register(in app: AppRouter) throws {}

    func load(in app: AppRouter) async throws {
        while !release.current { try? await Task.sleep(for: .milliseconds(5)) }
    }

    func handle(_ event: AppEvent, in app: AppRouter) async throws {
        while !release.current { usleep(1_000) }  // blocks its thread outright
    }
}

/// A module that reads a service through `@Injected`, as feature code does.
struct InjectingModule: FeatureModule {
    let name = "Injecting"
    let seen: Shared<String?>

    func register(in app: AppRouter) throws {
        try app.services.register((any IsolationProbeService).self, name: "injecting", instance: IsolationProbeImplementation(label: "from the module"))
    }

    func load(in app: AppRouter) async throws {
        final class NamedScreen {
            @Injected(name: "injecting") var probe: (any IsolationProbeService)?
        }
        seen.withLock { $0 = NamedScreen().probe?.label }
    }
}

/// Starts a task while registering that registers a route later, then throws or not.
struct LateRegisteringModule: FeatureModule {
    let name: String
    let fails: Bool
    let done: Shared<Bool>

    func register(in app: AppRouter) throws {
        let router = app.router
        let path = "/late/\(name)"
        let done = self.done
        Task {
            try? await Task.sleep(for: .milliseconds(20))
            _ = try? router.page(path) { _ in Destination("late") }
            done.withLock { $0 = true }
        }
        if fails { throw Failure(description: "gave up") }
    }
}

/// A module whose load takes a little while.
struct SlowModule: FeatureModule {
    let name = "Slow"
    func register(in app: AppRouter) throws {}
    func load(in app: AppRouter) async throws { try await Task.sleep(for: .milliseconds(150)) }
}

/// Issue 12, rows 12 and 13: modules are all or nothing, a lifecycle step that runs past its
/// timeout is reported and does not hold up the others, and `@Injected` reads the registry
/// an `AppRouter()` makes for itself.
@Suite("Modules: all or nothing, and bounded in time", .timeLimit(.minutes(1)))
struct ModuleIsolationTests {
    @Test func aModuleThatThrowsWhileRegisteringLeavesNothingBehind() async throws {
        let app = AppRouter.quiet()
        try app.router.page("/kept") { _ in Destination("kept") }
        try app.services.register((any IsolationProbeService).self, instance: IsolationProbeImplementation(label: "host"))
        let routesBefore = app.router.table.routes.map(\.pattern)
        try app.add(HalfRegisteredModule(), ProductModule())
        let (registered, loaded) = await app.start()

        #expect(registered.failures == [.init(module: "HalfRegistered", step: "register", reason: "the module's database is missing")])
        #expect(loaded.modules == ["Product"])
        #expect(app.router.table.routes.map(\.pattern) == routesBefore + ["/product/:id", "/cart"])
        #expect(!app.router.canOpen("/half/one") && !app.router.canOpen("/half/two"))
        #expect(try app.require((any IsolationProbeService).self).label == "host", "the replaced service is back")
        #expect(app.mediator.actions(of: "Half") == nil)
        #expect(await app.attempt(target: "Missing", action: "x").isFailure, "no fallback target was left behind")
        let open = await app.router.open("/kept")
        #expect(open.interceptors.isEmpty, "the module's interceptor was taken back")
    }

    @Test func aLoadThatNeverReturnsIsReportedAndTheNextModuleLoads() async throws {
        let release = Shared(false)
        let log = Shared<[String]>([])
        let modules = ModuleRegistry(logger: .quiet, eventTimeout: .milliseconds(100))
        let app = AppRouter(router: Router(configuration: .quiet), services: ServiceRegistry.quiet(), modules: modules)
        try app.add(StuckModule(name: "Stuck", release: release), Probe(name: "After", log: log))
        let (_, loaded) = await app.start()
        #expect(loaded.modules == ["Stuck", "After"])
        #expect(loaded.failures == [.init(module: "Stuck", step: "load",
                                          reason: "did not finish load within 0.1 s (ModuleRegistry.eventTimeout); the next module went on")])
        #expect(log.current == ["After.register", "After.load"])

        // A handler that blocks its thread is bounded the same way.
        let report = await app.send(.didEnterBackground)
        #expect(report.failures.map(\.module) == ["Stuck"])
        #expect(log.current.last == "After.didEnterBackground")
        release.withLock { $0 = true }
    }

    @Test func aRegistrationMadeLaterByATaskOfAFailedModuleIsTakenBackAndOneOfAHealthyModuleStays() async throws {
        let app = AppRouter.quiet()
        let failedDone = Shared(false), healthyDone = Shared(false)
        try app.add(LateRegisteringModule(name: "failed", fails: true, done: failedDone),
                    LateRegisteringModule(name: "healthy", fails: false, done: healthyDone))
        let (registered, _) = await app.start()
        #expect(registered.failures.map(\.module) == ["failed"])
        while !(failedDone.current && healthyDone.current) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!app.router.canOpen("/late/failed"), "the failed module's late route was taken back at once")
        #expect(app.router.canOpen("/late/healthy"))
    }

    @Test func aTimeoutOfAYearOrMoreWaitsForEverInsteadOfOverflowing() async throws {
        for timeout in [Duration.seconds(Int64.max), .seconds(365 * 24 * 3_600)] {
            let modules = ModuleRegistry(logger: .quiet, eventTimeout: timeout)
            let app = AppRouter(router: Router(configuration: .quiet), services: ServiceRegistry.quiet(), modules: modules)
            try app.add(SlowModule())
            let (_, loaded) = await app.start()
            #expect(loaded.failures.isEmpty, "\(timeout)")
            #expect(loaded.modules == ["Slow"])
        }
    }

    @Test func injectedFindsWhatModulesRegisterThroughAnAppRouterMadeWithDefaults() async throws {
        let seen = Shared<String?>(nil)
        let app = AppRouter(router: Router(configuration: .quiet))
        #expect(app.services !== ServiceRegistry.shared, "an app's services are its own")
        try app.add(InjectingModule(seen: seen))
        _ = await app.start()
        #expect(seen.current == "from the module")
        #expect(app.service((any IsolationProbeService).self, name: "injecting")?.label == "from the module")
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

extension AppRouter {
    func attempt(target: String, action: String) async -> Result<any Sendable, MediatorError> {
        do {
            return .success(try await perform(target: target, action: action, parameters: [:]))
        } catch {
            return .failure(error)
        }
    }
}

extension Logger {
    static let quiet = Logger(label: "switchyard.tests") { _ in SwiftLogNoOpLogHandler() }
}
