/// The code a route runs when it is opened.
///
/// This router runs handlers directly; pages, actions and redirects are built on it.
public struct RouteHandler: Sendable {
    private let body: @Sendable (RouteRequest) async throws -> (any Sendable)?

    public init(_ body: @escaping @Sendable (RouteRequest) async throws -> (any Sendable)?) {
        self.body = body
    }

    public func callAsFunction(_ request: RouteRequest) async throws -> (any Sendable)? {
        try await body(request)
    }
}

/// The app's URL router: a ``RouteTable`` whose routes run ``RouteHandler``s.
///
/// ```swift
/// let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
/// try router.register("/product/:id") { request in
///     ProductScreen(id: try request.require("id", as: Int.self))
/// }
/// let screen = try await router.handle("myapp://product/42")
/// ```
public typealias Router = RouteTable<RouteHandler>

extension RouteTable where Target == RouteHandler {
    /// Registers `handler` for `pattern`.
    @discardableResult
    public func register(
        _ pattern: String,
        priority: Int = 0,
        owner: String? = nil,
        handler: @escaping @Sendable (RouteRequest) async throws -> (any Sendable)?
    ) throws(PatternError) -> RouteRegistration {
        try register(pattern, priority: priority, owner: owner, target: RouteHandler(handler))
    }

    /// Resolves `url` and runs its handler; returns what the handler returned.
    public func handle(_ url: String, source: RouteSource = .inApp, nativeParameters: [String: any Sendable] = [:]) async throws -> (any Sendable)? {
        let match = try resolve(url, source: source, nativeParameters: nativeParameters)
        return try await match.target(match.request)
    }
}
