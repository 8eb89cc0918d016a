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
    public func resolve(_ url: String, source: RouteSource = .inApp, nativeParameters: [String: any Sendable] = [:]) throws(RoutingError) -> RouteMatch<Target> {
        let built = self.built
        switch built.matcher.resolve(url) {
        case .success(let resolved):
            let route = built.routes[resolved.match.route]
            var pattern: RoutePattern?
            if case .pattern(let matched) = route.definition { pattern = matched }
            let request = RouteRequest(
                url: resolved.webURL ?? url, scheme: resolved.scheme, host: resolved.host, path: resolved.path,
                pattern: pattern, pathParameters: resolved.match.parameters, remainder: resolved.match.remainder,
                query: resolved.query, nativeParameters: nativeParameters, fragment: resolved.fragment, source: source)
            return RouteMatch(route: route, request: request)
        case .failure(.routing(let error)):
            throw error
        case .failure(.noMatch(let path)):
            let budget = built.matcher.configuration.limits.suggestionWork
            throw .noMatch(NoMatch(path: path) { [self] in nearestPattern(to: path, budget: budget).pattern })
        }
    }
}
