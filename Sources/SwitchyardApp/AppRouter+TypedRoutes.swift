import SwitchyardPipeline
import SwitchyardRouting

extension AppRouter {
    /// Opens a typed route through the router's pipeline, as `Router.open(_:from:options:parameters:source:)` does.
    @discardableResult
    public func open<Route: TypedRoute>(
        _ route: Route, from presenter: String? = nil, parameters: [String: any Sendable] = [:], source: RouteSource = .inApp
    ) async -> OpenResult {
        await router.open(route, from: presenter, parameters: parameters, source: source)
    }

    /// Opens a typed route and waits for its answer, typed as the route declares it.
    ///
    /// ```swift
    /// let item = try await app.call(PickItemRoute(category: "shoes"))   // an Item
    /// ```
    ///
    /// - Throws: ``OpenError`` when the open fails, the error the target answered with, or
    ///   ``TypedAnswerError`` when it answered nothing or a value of another type.
    public func call<Route: TypedRoute>(
        _ route: Route, parameters: [String: any Sendable] = [:], source: RouteSource = .inApp
    ) async throws -> Route.Answer {
        try await router.call(route, parameters: parameters, source: source)
    }
}
