import SwitchyardMediator
import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardServices

/// The one object feature code needs: URL navigation, mediator calls, services and modules.
///
/// ```swift
/// let app = AppRouter(router: Router(configuration: routes), mediator: Mediator(configuration: calls))
/// try app.add(HomeModule(), ProductModule(), CartModule())
/// _ = await app.start()                                   // modules register, then load
/// app.navigator = windowNavigator                         // on the main actor
///
/// await app.open("myapp://product/42", source: .deepLink)
/// let page = try await app.perform(target: "ProductFeature.Product", action: "detail", parameters: ["id": 42])
/// let cart = try app.require((any CartService).self)
/// try app.goBack()
/// await app.send(.didEnterBackground)
/// ```
public final class AppRouter: Sendable {
    /// Opens URLs through the interceptors to pages, actions and redirects.
    public let router: Router
    /// Runs targets' actions by name.
    public let mediator: Mediator
    /// Where modules register services and feature code finds them.
    public let services: ServiceRegistry
    /// The feature modules, in delivery order.
    public let modules: ModuleRegistry
    /// Whether ``start()`` makes the router ready (``init(tabs:schemes:domains:)``).
    let readyOnStart: Bool

    /// Brings a router, a mediator, a service registry and a module registry together.
    ///
    /// - Parameter services: the app's services; by default a new registry of its own, so that
    ///   two apps in one process (two tests, say) share nothing. `@Injected` reads it
    ///   (``ServiceRegistry/current``) in what the app's modules make in their register, load and
    ///   event steps, in targets its mediator makes, and in everything its router's routes make:
    ///   a screen a link opens, an action, an interceptor (``Router/serve(_:)``). Code that runs
    ///   outside all of these (a view model made later, on a tap) injects with
    ///   `@Injected(from: app.services)`; a miss there is logged with that fix. Pass
    ///   ``ServiceRegistry/shared`` to keep the services process-wide, where `@Injected` finds
    ///   them from anywhere. A router serves one app's services: give each `AppRouter` its own.
    public convenience init(
        router: Router = Router(), mediator: Mediator = Mediator(),
        services: ServiceRegistry? = nil, modules: ModuleRegistry = ModuleRegistry()
    ) {
        self.init(router: router, mediator: mediator, services: services, modules: modules, readyOnStart: false)
    }

    /// - Parameter readyOnStart: whether ``start()`` ends with the router's `markReady()`.
    init(router: Router, mediator: Mediator, services: ServiceRegistry?, modules: ModuleRegistry, readyOnStart: Bool) {
        self.readyOnStart = readyOnStart
        self.router = router
        self.mediator = mediator
        self.services = services ?? ServiceRegistry()
        self.modules = modules
        router.serve(self.services)
        mediator.serve(self.services)
    }

    /// Runs `body` with this app's registry as ``ServiceRegistry/current``, so that `@Injected`
    /// in what it makes reads this app's services.
    func withServices<T>(_ body: () async throws -> T) async rethrows -> T {
        try await ServiceRegistry.$current.withValue(services) { try await body() }
    }

    /// The router's navigator, held weakly: the app or scene owns it.
    @MainActor public var navigator: (any Navigator)? {
        get { router.navigator }
        set { router.navigator = newValue }
    }

    // MARK: - Modules

    /// Adds feature modules; all or nothing. - Throws: ``ModuleError`` for a repeated name.
    public func add(_ modules: any FeatureModule...) throws(ModuleError) {
        try self.modules.add(modules)
    }

    /// Registers every module, then loads every module, in priority order.
    ///
    /// An app made with ``init(tabs:schemes:domains:)`` is ready then: links and opens held until now
    /// (a cold-start link handed over while the modules started) go on.
    ///
    /// In debug builds it then logs, at debug level, each pair of routes one URL matches both
    /// of and the one that wins (``SwitchyardRouting/RouteTable/overlapReport(limit:pairLimit:)``), and each pair it could not decide:
    /// where an app moving from a router that ran every matching handler now runs one.
    @discardableResult
    public func start() async -> (registered: ModuleReport, loaded: ModuleReport) {
        let reports = await modules.start(self)
        #if DEBUG
        logOverlaps()
        #endif
        if readyOnStart { router.markReady() }
        return reports
    }

    /// Logs each overlap of the router's routes at debug level, within a small bound.
    func logOverlaps() {
        let logger = router.configuration.logger
        guard logger.logLevel <= .debug else { return }
        let report = router.table.overlapReport(limit: 200, pairLimit: 200_000)
        for overlap in report.overlaps { logger.debug("route overlap: \(overlap)") }
        for pair in report.undecided { logger.debug("route overlap not decided: \(pair)") }
        if report.isCut { logger.debug("route overlap: the report stopped at its bound; run `switchyard lint --overlaps` for all of them") }
    }

    /// Delivers an app lifecycle or custom event to every module, in priority order.
    @discardableResult
    public func send(_ event: AppEvent) async -> ModuleReport {
        await modules.send(event, to: self)
    }

    // MARK: - URLs

    /// Opens `url` through the router's pipeline; see ``Router/open(_:from:options:parameters:source:)``.
    @discardableResult
    public func open(
        _ url: String, from presenter: String? = nil, parameters: [String: any Sendable] = [:], source: RouteSource = .inApp
    ) async -> OpenResult {
        await router.open(url, from: presenter, parameters: parameters, source: source)
    }

    /// Opens `url` and waits for the page or action to answer; see ``Router/call(_:from:parameters:source:options:)``.
    public func call(_ url: String, parameters: [String: any Sendable] = [:], source: RouteSource = .inApp) async throws -> Answer {
        try await router.call(url, parameters: parameters, source: source)
    }

    /// Whether `url` matches a route; see `Router.canOpen(_:)`.
    public func canOpen(_ url: String) -> Bool { router.canOpen(url) }

    // MARK: - Mediator

    /// Runs a target's action by name; see ``Mediator/perform(target:action:parameters:)``.
    ///
    /// The action runs with this app's services as ``ServiceRegistry/current``: `@Injected` in a
    /// target made for it reads them.
    public func perform(target: String, action: String, parameters: [String: any Sendable] = [:]) async throws(MediatorError) -> any Sendable {
        let mediator = mediator
        return try await withServices(target: target, action: action) { () async throws(MediatorError) in
            try await mediator.perform(target: target, action: action, parameters: parameters)
        }
    }

    /// Runs a target's action by name and casts its result.
    public func perform<Result>(
        target: String, action: String, parameters: [String: any Sendable] = [:], as type: Result.Type
    ) async throws(MediatorError) -> Result {
        let mediator = mediator
        return try await withServices(target: target, action: action) { () async throws(MediatorError) in
            try await mediator.perform(target: target, action: action, parameters: parameters, as: type)
        }
    }

    /// ``withServices(_:)`` for a mediator call, keeping its typed error.
    private func withServices<T>(target: String, action: String, _ body: () async throws(MediatorError) -> T) async throws(MediatorError) -> T {
        do {
            return try await withServices { try await body() }
        } catch let error as MediatorError {
            throw error
        } catch {
            // Not reached: `body` throws only MediatorError, and withValue adds none.
            throw .actionFailed(target: target, action: action, reason: "\(error)")
        }
    }

    /// Routes `host`'s URLs to the mediator through the router, so remote calls pass the
    /// interceptors (signatures, source policies) and are reported like every other open.
    ///
    /// Registers `/<host>/:target/:action` and `/<host>/:alias` as actions that push a returned
    /// ``Destination`` or answer any other result; the mediator then applies its signature check, aliases and
    /// local-only rule. `myapp://call/Product/detail?id=1` runs `Product/detail`.
    @discardableResult
    public func routeRemoteCalls(host: String, owner: String? = "mediator") throws(PatternError) -> [RouteRegistration] {
        let (mediator, router, services) = (self.mediator, self.router, self.services)
        let perform: @Sendable (RouteRequest) async throws -> Void = { [weak router] request in
            let segments = ["alias", "target", "action"].compactMap { request.pathParameters[$0] }
            let parameters = request.query.dictionary.mapValues { $0 as any Sendable }
            let call = try mediator.remoteCall(url: request.url, segments: segments, parameters: parameters)
            let result = try await ServiceRegistry.$current.withValue(services) { try await mediator.run(call) }
            try await router?.showOrAnswer(result, for: request, pattern: request.pattern?.description ?? request.path)
        }
        return try router.register([
            RouteSpec("/\(host)/:target/:action", owner: owner, target: RouteTarget(.action(perform))),
            RouteSpec("/\(host)/:alias", owner: owner, target: RouteTarget(.action(perform))),
        ])
    }

    // MARK: - Services

    /// The service, or `nil`; see ``ServiceRegistry/resolve(_:name:)``.
    public func service<Service: Sendable>(_ type: Service.Type = Service.self, name: String? = nil) -> Service? {
        services.resolve(type, name: name)
    }

    /// The service; see ``ServiceRegistry/require(_:name:)``.
    public func require<Service: Sendable>(_ type: Service.Type = Service.self, name: String? = nil) throws(ServiceError) -> Service {
        try services.require(type, name: name)
    }

    // MARK: - Going back

    /// Closes the top screen. - Throws: ``NavigationError``, with the screens unchanged.
    /// - Parameter scene: the scene (window) to step back in; `nil` for the router's navigator.
    @MainActor public func goBack(animated: Bool = true, scene: String? = nil) throws {
        try navigateBack(.back, animated: animated, scene: scene)
    }

    /// Pops the current stack to its first screen.
    @MainActor public func popToRoot(animated: Bool = true, scene: String? = nil) throws {
        try navigateBack(.popToRoot, animated: animated, scene: scene)
    }

    /// Pops to the nearest screen of `pattern`.
    @MainActor public func pop(to pattern: String, animated: Bool = true, scene: String? = nil) throws {
        try navigateBack(.popTo(pattern: pattern), animated: animated, scene: scene)
    }

    /// Dismisses every modal.
    @MainActor public func dismissAll(animated: Bool = true, scene: String? = nil) throws {
        try navigateBack(.dismissAll, animated: animated, scene: scene)
    }

    /// Steps back as `step` says, through the navigator of `scene` (the router's own when `nil`).
    ///
    /// - Throws: `NavigationError.noNavigator` when no navigator is set,
    ///   `NavigationError.noNavigatorForScene` when none is attached for `scene`, or the
    ///   navigator's `NavigationError`, with the screens unchanged.
    @MainActor public func navigateBack(_ step: BackNavigation, animated: Bool = true, scene: String? = nil) throws {
        guard let navigator = router.navigator(forScene: scene) else {
            throw scene.map(NavigationError.noNavigatorForScene) ?? NavigationError.noNavigator
        }
        try navigator.navigateBack(step, animated: animated)
    }
}
