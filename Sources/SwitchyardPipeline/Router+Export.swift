import SwitchyardRouting

extension Router {
    /// Every registered route as plain data, in registration order, each marked with whether a
    /// universal link may reach it (``PipelineSettings/universalLinkRoutes``): the route dump the
    /// `switchyard` tool reads (`JSONEncoder().encode(router.exportRoutes())`).
    ///
    /// ``RouteTable/exportRoutes()`` gives the same routes without the mark.
    public func exportRoutes() -> [RouteExport] {
        let routes = table.exportRoutes()
        guard let reach = universalLinkReach else { return routes }
        return routes.map { route in
            var marked = route
            marked.openToUniversalLinks = route.kind == .pattern && reach.patterns.contains(route.pattern)
            return marked
        }
    }

    /// The patterns of the routes registered now, as the table spells them: what a caller's
    /// list of reachable routes is checked against when it is set up.
    package var registeredPatterns: Set<String> { Set(table.routes.lazy.map(\.pattern)) }
}
