import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardRouting

/// Typed routes on the router: registering a `TypedRoute` type and opening its values.
///
/// The route's pattern goes into the same table as string routes, so a deep link or a
/// manifest URL that matches it reaches the same handler with the same decoded value.
extension Router {
    /// Registers a page for a typed route; `make` receives the route read from the request.
    ///
    /// A URL whose values do not fit the route's types opens nothing: the open is rejected
    /// with ``OpenError/parametersRefused(pattern:_:)`` naming the parameter and the type.
    @discardableResult
    public func page<Route: TypedRoute>(
        _ route: Route.Type, command: NavigationCommand = .push, parents: [String] = [], home: PageHome? = nil, isHome: Bool = false,
        priority: Int = 0, owner: String? = nil, interceptors: [any Interceptor] = [],
        make: @escaping @MainActor @Sendable (Route, RouteRequest) throws -> Destination
    ) throws(PatternError) -> RouteRegistration {
        try page(Route.pattern, command: command, parents: parents, home: home, isHome: isHome, priority: priority, owner: owner,
                 interceptors: interceptors) { request in
            try make(try Self.read(Route.self, from: request), request)
        }
    }

    /// Registers an action for a typed route; `perform` receives the route read from the request.
    ///
    /// An action of a route whose `Answer` is not `Never` answers with `request.answer(_:)`;
    /// ``call(_:from:options:parameters:)`` hands the caller that answer as a `Route.Answer`.
    @discardableResult
    public func action<Route: TypedRoute>(
        _ route: Route.Type, priority: Int = 0, owner: String? = nil, interceptors: [any Interceptor] = [],
        perform: @escaping @Sendable (Route, RouteRequest) async throws -> Void
    ) throws(PatternError) -> RouteRegistration {
        try action(Route.pattern, priority: priority, owner: owner, interceptors: interceptors) { request in
            try await perform(try Self.read(Route.self, from: request), request)
        }
    }

    /// Opens a typed route: its path, through the whole pipeline, as ``open(_:from:options:parameters:source:)``.
    ///
    /// The value reaches the route its type declares: when another route matches its URL first
    /// (a static `/item/edit` beside `/item/:name` for `ItemRoute(name: "edit")`), the open
    /// fails with ``OpenError/typedRouteShadowed(pattern:url:shadowedBy:)`` naming that route, and
    /// no handler runs. (A handler of the route that declines passes the URL on as any decline does.)
    ///
    /// A value no URL can carry (an empty path value, say) opens nothing: the result is
    /// ``OpenError/invalidURL(_:)`` naming the parameter, reported as any failed open is.
    @discardableResult
    public func open<Route: TypedRoute>(
        _ route: Route, from presenter: String? = nil, options: OpenOptions = OpenOptions(),
        parameters: [String: any Sendable] = [:], source: RouteSource = .inApp
    ) async -> OpenResult {
        var options = options
        options.typedPattern = Route.pattern
        switch Self.path(of: route) {
        case .success(let path): return await open(path, from: presenter, options: options, parameters: parameters, source: source)
        case .failure(let error): return conclude(Self.unopened(Route.pattern, source: source, error: error))
        }
    }

    /// Opens a typed route and waits for its answer, typed as the route declares it.
    ///
    /// - Throws: ``OpenError`` when the open fails; the error the target answered with;
    ///   ``TypedAnswerError`` when the target finished without answering, or answered a value
    ///   of another type than `Route.Answer`.
    public func call<Route: TypedRoute>(
        _ route: Route, from presenter: String? = nil, options: OpenOptions = OpenOptions(),
        parameters: [String: any Sendable] = [:], source: RouteSource = .inApp
    ) async throws -> Route.Answer {
        let path: String
        switch Self.path(of: route) {
        case .success(let built): path = built
        case .failure(let error):
            _ = conclude(Self.unopened(Route.pattern, source: source, error: error))
            throw OpenError.invalidURL(error)
        }
        var options = options
        options.typedPattern = Route.pattern
        let answer = try await call(path, from: presenter, parameters: parameters, source: source, options: options)
        return try TypedAnswerError.typed(answer, of: Route.self)
    }

    /// The route read from the request, or the refusal naming the parameter that did not fit.
    static func read<Route: TypedRoute>(_ type: Route.Type, from request: RouteRequest) throws(TypedRouteRefusal) -> Route {
        do {
            return try Route(request: request)
        } catch {
            throw TypedRouteRefusal(error: .parametersRefused(pattern: Route.pattern, [error]))
        }
    }

    private static func path<Route: TypedRoute>(of route: Route) -> Result<String, RoutingError> {
        do {
            return .success(try route.makePath())
        } catch {
            return .failure(error)
        }
    }

    private static func unopened(_ pattern: String, source: RouteSource, error: RoutingError) -> OpenResult {
        OpenResult(url: pattern, source: source, outcome: .rejected(.invalidURL(error)), redirects: [], duration: .zero,
                   interceptorNames: InterceptorNames())
    }
}

/// A typed route's request whose values did not fit: the open reports `error` as it is, where
/// any other error a page or an action throws is reported as that page's or action's failure
/// (an `OpenError` of an open the action made itself among them).
struct TypedRouteRefusal: Error {
    let error: OpenError
}
