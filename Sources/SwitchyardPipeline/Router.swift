import Atomics
import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardSupport

/// The app's router: routes to pages, actions and redirects, with interceptors in front.
///
/// ```swift
/// let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
/// router.navigator = appNavigator                    // on the main actor
/// try router.page("/product/:id") { request in Destination(ProductScreen(request)) }
/// try router.action("/cart/add/:sku") { request in cart.add(try request.require("sku", as: String.self)) }
/// try router.redirect("/item/:id", to: "/product/:id")
/// router.addInterceptor(try LoginInterceptor(protected: ["/order/*"], loginURL: "/login", state: session, store: MemoryPendingRouteStore()))
///
/// let result = await router.open("myapp://product/42", source: .deepLink)
/// ```
public final class Router: Sendable {
    /// The routes; resolve, export and reverse routing live here.
    public let table: RouteTable<RouteTarget>
    /// Keeps the last opens when ``PipelineSettings/recordingLast`` is set.
    public let recorder: DebugRecorder?
    /// How the open pipeline behaves; fixed when the router is made.
    public let settings: PipelineSettings
    /// Shows the pages; without one, page opens fail with ``OpenError/noNavigator(pattern:)``.
    ///
    /// Held weakly, so screens that keep the router cannot keep themselves alive through it:
    /// the app (or scene) owns its navigator.
    @MainActor public weak var navigator: (any Navigator)? {
        didSet { sceneAttachmentChanged(SceneLaunches.defaultKey, attached: navigator != nil, replacing: oldValue !== navigator) }
    }

    /// The services of the app this router opens routes for (``serve(_:)``): pages, actions
    /// and interceptors run with them as ``ServiceRegistry/current``.
    let appServices = ManagedAtomicLazyReference<ServiceRegistry>()
    /// The login ``requireLogin(for:except:loginPage:state:store:loginCommand:)`` set up, for ``loginDone()``.
    let loginFlow = Locked<LoginFlow?>(nil)
    /// The homes pages declared (`isHome: true`), beside those of ``PipelineSettings/homes``.
    let pageHomes = Locked(WindowHomes())
    let hub = EventHub<OpenResult>()
    let watchdog = Watchdog()
    let abandonedRuns = AbandonedRuns()
    /// Chains handed to the worker threads; built-in decisions made inline never count.
    let chainsOnWorker = ManagedAtomic(0)
    /// Chains of app interceptors that started on the caller's executor (``StepRecord``).
    let chainsInline = ManagedAtomic(0)
    let hooks = Locked(Hooks())
    /// How many global interceptors `hooks` holds, kept with them under its lock: an open with
    /// none and a route with none asks for no lock.
    let globalInterceptorCount = ManagedAtomic(0)
    /// Warns that an interceptor finished twice; made once, not per open.
    let reportRepeatedFinish: @Sendable (String) -> Void
    /// The routes a universal link may reach (``PipelineSettings/universalLinkRoutes``), canonical;
    /// `nil` for every route.
    let universalLinkReach: ReachableRoutes?
    /// The scenes launching, launched and attached, and the incoming links waiting for them.
    let launches = Locked(SceneLaunches())
    let arrivals: Locked<Arrivals>
    /// `arrivals.isReady`, set with it under its lock: once ready, a router stays ready, so an
    /// open that reads `true` here runs at once without the lock.
    let ready: ManagedAtomic<Bool>
    /// Pages built ahead of time by ``preload(_:parameters:)``, oldest first.
    @MainActor var preloaded: [(url: String, destination: Destination)] = []
    /// The navigators of the app's scenes, by the name each was attached under.
    @MainActor var scenes: [String: WeakNavigator] = [:]

    struct Hooks {
        /// Global interceptors, kept sorted: priority, then the order they were added.
        var interceptors: [ChainEntry] = []
        /// One per interceptor, in the same order, so one can be taken back.
        var tokens: [Int] = []
        var nextToken = 0
        var notFound: (@MainActor @Sendable (String, NoMatch) -> Destination?)?
        var onError: (@Sendable (OpenResult) -> Void)?
        var callbackHandlers: [(name: String, handle: @Sendable (String) -> Bool)] = []
        /// The URL each home-screen quick action opens, by its type.
        var quickActions: [String: String] = [:]
    }

    /// A router with no routes and no navigator.
    ///
    /// It has a ``recorder`` when `settings` asks for one, and holds opens until ``markReady()``
    /// when `settings.startsReady` is `false`.
    public init(configuration: RouterConfiguration = RouterConfiguration(), settings: PipelineSettings = PipelineSettings()) {
        self.table = RouteTable(configuration: configuration)
        self.settings = settings
        self.recorder = settings.recordingLast.map { DebugRecorder(capacity: $0) }
        self.arrivals = Locked(Arrivals(isReady: settings.startsReady))
        self.ready = ManagedAtomic(settings.startsReady)
        let logger = configuration.logger
        // An entry that can never be right matches nothing; say so once, loudly.
        for problem in configuration.problems { logger.error("router configuration: \(problem)") }
        for host in settings.allowedRedirectHosts.sorted() {
            if let why = HostName.entryProblem(host) {
                logger.error("router configuration: \(ConfigurationError.invalidHostEntry(setting: "allowedRedirectHosts", entry: host, reason: why))")
            }
        }
        self.reportRepeatedFinish = { name in
            logger.warning("interceptor \(DisplaySafe.text(name)) finished more than once; the later decision was ignored")
        }
        self.universalLinkReach = settings.universalLinkRoutes.map { patterns in
            Self.reach("a universal link", patterns, setting: "universalLinkRoutes", configuration: configuration)
        }
    }

    /// The routes of `patterns`; one that does not parse is logged and reaches nothing, so the
    /// list refuses more rather than less.
    static func reach(_ caller: String, _ patterns: [String], setting: String, configuration: RouterConfiguration) -> ReachableRoutes {
        var valid: [String] = []
        for pattern in patterns {
            do {
                _ = try RoutePattern(pattern, converters: configuration.converters, limits: configuration.limits)
                valid.append(pattern)
            } catch {
                configuration.logger.error("router configuration: PipelineSettings.\(setting) names an invalid pattern: \(error)")
            }
        }
        return (try? ReachableRoutes(caller: caller, patterns: valid, configuration: configuration)) ?? ReachableRoutes.none(caller)
    }

    /// The configuration of the route table: schemes, hosts, converters, limits and logger.
    public var configuration: RouterConfiguration { table.configuration }

    // MARK: - Registration

    /// Registers a page: `make` builds its screen on the main actor; `command` says how to show it.
    ///
    /// - Parameters:
    ///   - parents: page patterns to build under this page when a deep link opens it on an
    ///     empty window (`["/home", "/orders"]` for `/order/:id`), filled from its parameters;
    ///     with a `home`, on an empty stack of that tab.
    ///   - home: where the page lives in a tab bar (`.tab("orders")`): opening it selects that
    ///     tab and shows it in the tab's stack. `nil` opens it where the user is.
    ///   - isHome: whether the page is the root of its `home` (of the plain window, for no
    ///     `home`): a launch puts it there under what a link opens, as
    ///     ``PipelineSettings/homes`` does. Its pattern has no parameters.
    /// - Throws: ``PatternError``, also for a `home` tab not in ``PipelineSettings/tabs``
    ///   (``PatternError/Reason/unknownTab(_:known:)``), a home with parameters
    ///   (``PatternError/Reason/homeWithParameters(_:)``) or a second home of one place
    ///   (``PatternError/Reason/homeTaken(_:by:)``).
    @discardableResult
    public func page(
        _ pattern: String, command: NavigationCommand = .push, parents: [String] = [], home: PageHome? = nil, isHome: Bool = false,
        priority: Int = 0, owner: String? = nil, interceptors: [any Interceptor] = [],
        make: @escaping @MainActor @Sendable (RouteRequest) throws -> Destination
    ) throws(PatternError) -> RouteRegistration {
        try checkHome(home, of: pattern)
        return try declaringHome(isHome ? home : nil, isHome: isHome, of: pattern) { () throws(PatternError) in
            try table.register(pattern, priority: priority, owner: owner,
                               target: RouteTarget(.page(command, make), interceptors: interceptors, parents: parents, home: home))
        }
    }

    /// Refuses a home tab the app's tab bar does not have, naming both.
    func checkHome(_ home: PageHome?, of pattern: String) throws(PatternError) {
        guard case .tab(let identifier) = home, !settings.tabs.contains(identifier) else { return }
        throw PatternError(pattern: pattern, offset: 0, reason: .unknownTab(identifier, known: settings.tabs))
    }

    /// Registers an action: code that runs and may answer the caller.
    @discardableResult
    public func action(
        _ pattern: String, priority: Int = 0, owner: String? = nil, interceptors: [any Interceptor] = [],
        perform: @escaping @Sendable (RouteRequest) async throws -> Void
    ) throws(PatternError) -> RouteRegistration {
        try table.register(pattern, priority: priority, owner: owner, target: RouteTarget(.action(perform), interceptors: interceptors))
    }

    /// Registers a redirect: opening `pattern` opens `target` instead, with the same parameters.
    @discardableResult
    public func redirect(_ pattern: String, to target: String, priority: Int = 0, owner: String? = nil) throws(PatternError) -> RouteRegistration {
        _ = try RoutePattern(target, converters: configuration.converters, limits: configuration.limits)
        return try table.register(pattern, priority: priority, owner: owner, target: RouteTarget(.redirect(target)))
    }

    /// Registers a page handler object.
    @discardableResult
    public func handler(
        _ pattern: String, _ handler: any PageHandler, parents: [String] = [], home: PageHome? = nil, priority: Int = 0,
        owner: String? = nil, interceptors: [any Interceptor] = []
    ) throws(PatternError) -> RouteRegistration {
        try checkHome(home, of: pattern)
        return try table.register(pattern, priority: priority, owner: owner,
                                  target: RouteTarget(.handler(handler), interceptors: interceptors, parents: parents, home: home))
    }

    /// Registers several routes of any kind and publishes one table; all or nothing.
    @discardableResult
    public func register(_ routes: [RouteSpec<RouteTarget>]) throws(PatternError) -> [RouteRegistration] {
        for route in routes { try checkHome(route.target.home, of: route.pattern) }
        return try table.register(routes)
    }

    /// Adds an interceptor that runs for every open it applies to.
    public func addInterceptor(_ interceptor: any Interceptor) {
        let token = hooks.withLock { hooks in
            // After every one of the same or higher priority: ties keep the order they were added.
            let index = hooks.interceptors.firstIndex { $0.interceptor.priority < interceptor.priority } ?? hooks.interceptors.endIndex
            hooks.interceptors.insert(ChainEntry(interceptor), at: index)
            hooks.tokens.insert(hooks.nextToken, at: index)
            globalInterceptorCount.store(hooks.interceptors.count, ordering: .releasing)
            defer { hooks.nextToken += 1 }
            return hooks.nextToken
        }
        RegistrationJournal.current?.record { [weak self] in
            guard let self else { return }
            hooks.withLock { hooks in
                guard let index = hooks.tokens.firstIndex(of: token) else { return }
                hooks.interceptors.remove(at: index)
                hooks.tokens.remove(at: index)
                globalInterceptorCount.store(hooks.interceptors.count, ordering: .releasing)
            }
        }
    }

    /// Runs every route of this router with `services` as ``ServiceRegistry/current``: a page's
    /// screen, an action, an interceptor, a preloaded page, a home and a restored screen find
    /// the app's services through `@Injected` with no registry named. `AppRouter` calls it with
    /// its own; a router serves one app's services, so a second registry is refused and logged.
    public func serve(_ services: ServiceRegistry) {
        let kept = appServices.storeIfNilThenLoad(services)
        guard kept !== services else { return }
        configuration.logger.error("router: it serves the services of another app already; a router serves one app's: make a Router for each AppRouter")
    }

    /// Shows a fallback page when no route matches; return `nil` to show nothing.
    public func setNotFoundPage(_ make: @escaping @MainActor @Sendable (_ url: String, _ noMatch: NoMatch) -> Destination?) {
        hooks.withLock { $0.notFound = make }
    }

    /// Called with every open that was rejected or not found.
    public func setErrorHandler(_ handler: @escaping @Sendable (OpenResult) -> Void) {
        hooks.withLock { $0.onError = handler }
    }

    /// Interceptor runs still going 50 ms after their open stopped waiting (a timeout or a
    /// cancellation), by interceptor name, with " (applies)" for runs stuck in `applies(to:)`;
    /// see ``PipelineSettings/abandonedRunLimit``.
    public var abandonedInterceptorRuns: [String: Int] { abandonedRuns.all }

    /// Every open's result from now on, for logging, analytics or a debug screen.
    public func events(bufferingNewest limit: Int = 100) -> AsyncStream<OpenResult> {
        hub.stream(bufferingNewest: limit)
    }

    // MARK: - Resolving without side effects

    /// Matches `url` without running anything; see ``RouteTable/resolve(_:source:nativeParameters:)``.
    public func resolve(_ url: String, source: RouteSource = .inApp) throws(RoutingError) -> RouteMatch<RouteTarget> {
        try table.resolve(url, source: source)
    }

    /// Whether `url` matches a route.
    public func canOpen(_ url: String) -> Bool { table.canOpen(url) }

    /// Builds the page for `url` without navigating and without running interceptors.
    ///
    /// - Throws: ``OpenError`` — the URL does not resolve, the route is not a page, or the factory threw.
    @MainActor
    public func destination(for url: String, parameters: [String: any Sendable] = [:]) throws(OpenError) -> Destination {
        let match: RouteMatch<RouteTarget>
        do {
            match = try table.resolve(url, nativeParameters: parameters)
        } catch {
            throw .invalidURL(error)
        }
        guard let services = appServices.load() else { return try makePage(match.target, request: match.request, pattern: match.route.pattern) }
        let made = ServiceRegistry.$current.withValue(services) {
            Result { () throws(OpenError) -> Destination in try makePage(match.target, request: match.request, pattern: match.route.pattern) }
        }
        return try made.get()
    }
}
