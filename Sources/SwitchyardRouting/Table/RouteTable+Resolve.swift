import SwitchyardPatterns

extension RouteTable.Snapshot {
    /// Parses `url`, maps it to a path and matches it, without side effects.
    ///
    /// - Custom schemes: the host is the first path component (`myapp://product/1` is `/product/1`);
    ///   a scheme outside ``RouterConfiguration/schemes`` (when set) is refused.
    /// - `http(s)`: a host in ``RouterConfiguration/associatedDomains`` maps its path the same way;
    ///   any other host goes to ``RouterConfiguration/webRoute`` with the URL as `url`.
    /// - A bare path (`/product/1`) matches as is.
    ///
    /// - Throws: ``RoutingError`` — a malformed URL (with what and where), a refused scheme or
    ///   host, or no match (with the nearest pattern).
    // Inlinable, so the pipeline's `RouteTable<RouteTarget>` and an app's own table specialize
    // it: unspecialized, each resolve copied the target through value witnesses. The work that
    // does not depend on `Target` stays behind the two non-generic calls.
    /// The route `url` reaches and its request, by the table's precedence; throws
    /// ``RoutingError`` naming the nearest route on a miss, or the limit an input broke.
    @inlinable
    public func resolve(_ url: String, source: RouteSource = .inApp, nativeParameters: [String: any Sendable] = [:]) throws(RoutingError) -> RouteMatch<Target> {
        let route: Route<Target>, resolved: RouteMatcher.ResolvedURL
        switch withBuilt({ built in built.matcher.resolve(url).map { (built.route($0.match), $0) } }) {
        case .success(let value): (route, resolved) = value
        case .failure(let failure): throw error(for: failure)
        }
        let request = RouteRequest(resolved, url: url, definition: route.definition, nativeParameters: nativeParameters, source: source)
        return RouteMatch(route: route, request: request)
    }

    /// ``resolve(_:source:nativeParameters:)`` passing over the routes `declined` holds: the
    /// next route in precedence order for a URL whose handlers declined those (JLRoutes' chaining).
    package func resolve(
        _ url: String, source: RouteSource = .inApp, nativeParameters: [String: any Sendable] = [:], declined: DeclinedRoutes
    ) throws(RoutingError) -> RouteMatch<Target> {
        let built = self.built
        declined.prepare(for: ObjectIdentifier(built), routes: built.routes)
        let resolved: RouteMatcher.ResolvedURL
        switch built.matcher.resolve(url, declined: declined) {
        case .success(let value): resolved = value
        case .failure(let failure): throw error(for: failure)
        }
        let route = built.route(resolved.match)
        return RouteMatch(route: route, request: RouteRequest(resolved, url: url, definition: route.definition, nativeParameters: nativeParameters, source: source))
    }

    /// What a failed resolve throws: a no-match names the nearest pattern, found when read.
    @usableFromInline
    func error(for failure: RouteMatcher.Failure) -> RoutingError {
        switch failure {
        case .routing(let error):
            return error
        case .noMatch(let path, let scheme):
            let budget = built.matcher.configuration.limits.suggestionWork
            return .noMatch(NoMatch(path: path) { [self] in nearestPattern(to: path, scheme: scheme, budget: budget).pattern })
        }
    }
}

extension RouteRequest {
    /// The request for a resolved URL and the definition of the route it matched.
    @usableFromInline
    init(
        _ resolved: RouteMatcher.ResolvedURL, url: String, definition: RouteDefinition, nativeParameters: [String: any Sendable],
        source: RouteSource
    ) {
        var pattern: RoutePattern?
        if case .pattern(let matched) = definition { pattern = matched }
        self.init(
            url: resolved.webURL ?? url, scheme: resolved.scheme, host: resolved.host, path: resolved.path,
            pattern: pattern, pathParameters: resolved.match.parameters, remainder: resolved.match.remainder,
            query: resolved.query, nativeParameters: nativeParameters, fragment: resolved.fragment, source: source)
        plusIsSpaceInPath = resolved.plusIsSpaceInPath
    }
}
