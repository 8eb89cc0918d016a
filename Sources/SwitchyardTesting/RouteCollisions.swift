import SwitchyardApp
import SwitchyardManifest
import SwitchyardPipeline
import SwitchyardRouting

/// A route of a router that collides with another: a duplicate, or a route another always
/// beats, as `switchyard lint` reports them.
public struct RouteCollision: Sendable, Equatable, CustomStringConvertible {
    /// The route that loses, as registered.
    public let pattern: String
    /// The module that registered it, when it said.
    public let owner: String?
    /// What `switchyard lint` says of it, naming the route it collides with and a URL both match.
    public let message: String

    /// A collision of `pattern`, registered by `owner`, as `message` describes it.
    public init(pattern: String, owner: String?, message: String) {
        self.pattern = pattern
        self.owner = owner
        self.message = message
    }

    /// `owner: pattern: message`.
    public var description: String { "\(owner ?? "(no owner)"): \(pattern): \(message)" }
}

extension Router {
    /// Every collision among the routes registered now, by the rules `switchyard lint` applies.
    ///
    /// Two modules that register the same path register without error (the later one is only
    /// logged), so a test is where a collision should fail the build:
    /// `#expect(app.routeCollisions().isEmpty)` after `await app.start()`.
    public func routeCollisions() -> [RouteCollision] {
        let routes = table.exportRoutes().filter { $0.kind == .pattern }
        let validator = ManifestValidator(converters: configuration.converters, limits: configuration.limits)
        // Each route is named by its index and owner, which the messages repeat for the winner.
        let labelled = routes.enumerated().map { index, route in
            (pattern: route.pattern, priority: route.priority, path: "routes[\(index)] (\(route.owner ?? "no owner"))")
        }
        return validator.conflictProblems(labelled, order: .registration).compactMap { problem in
            guard let index = Self.routeIndex(in: problem.path), routes.indices.contains(index) else { return nil }
            return RouteCollision(pattern: routes[index].pattern, owner: routes[index].owner, message: problem.message)
        }
    }

    /// The `i` of a problem's path `routes[i] (…).pattern`.
    private static func routeIndex(in path: String) -> Int? {
        guard path.hasPrefix("routes["), let close = path.firstIndex(of: "]") else { return nil }
        return Int(path[path.index(path.startIndex, offsetBy: 7)..<close])
    }
}

extension AppRouter {
    /// Every collision among the routes the modules registered; see ``SwitchyardPipeline/Router/routeCollisions()``.
    public func routeCollisions() -> [RouteCollision] { router.routeCollisions() }
}
