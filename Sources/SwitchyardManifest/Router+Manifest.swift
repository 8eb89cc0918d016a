import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// Installing a server-driven ``RouteManifest``: its routes, switches, degrade rules and experiments.
extension Router {
    /// The owner of every route a manifest installs.
    public static let manifestOwner = "manifest"

    /// Runs `store`'s routes through this router's pipeline, like routes registered in code,
    /// and follows every update: the routes are replaced in one step when the store swaps.
    ///
    /// An entry without a kind (``ManifestRoute/Kind/code``) installs no route: its switches apply
    /// to the route of the same pattern registered in code, which is how an operator turns a
    /// code route off: `{"pattern": "/promo/:id", "enabled": false}`.
    ///
    /// Native routes run their mediator action as a call from a URL, so only actions declared
    /// `remote: true` can be reached (a returned ``Destination`` is pushed, any other value
    /// answers the caller); web routes show their URL through
    /// ``RouterConfiguration/webRoute``; action routes run `actions[name]`; redirects redirect.
    /// An interceptor applies each route's switches (enabled, minimum app version,
    /// internal-only, login with its fallback), the degrade rules and the experiments.
    ///
    /// Call it once per router: each call adds the manifest's interceptor.
    ///
    /// - Parameters:
    ///   - login: for login-protected routes: whether someone is logged in, the login page, and
    ///     where to keep the route for ``Router/resumeAfterLogin(using:scene:)``.
    ///   - userID: the stable user id that A/B experiments split on.
    public func install(
        _ store: ManifestStore, mediator: Mediator? = nil, actions: [String: @Sendable (RouteRequest) async throws -> Void] = [:],
        appVersion: AppVersion? = nil, login: (state: any LoginState, url: String, store: any PendingRouteStore)? = nil,
        userID: @escaping @Sendable () -> String = { "" }
    ) {
        let webRoute = configuration.webRoute ?? "/web"
        let policy = ManifestPolicyInterceptor(appVersion: appVersion, login: login.map { .init(state: $0.state, url: $0.url, store: $0.store) },
                                               webRoute: webRoute, userID: userID, configuration: configuration)
        addInterceptor(policy)
        store.observe { [weak self] manifest in
            guard let self else { return }
            policy.update(manifest)
            mediator?.replaceManifestAliases(manifest.mediatorAliases)
            // An entry without a kind switches the app's own route: it installs no route.
            let specs = manifest.routes.compactMap { route in
                self.target(for: route, mediator: mediator, actions: actions, webRoute: webRoute).map { RouteSpec(route.pattern, owner: Self.manifestOwner, target: $0) }
            }
            do {
                try self.table.replaceAll(owner: Self.manifestOwner, with: specs)
            } catch {
                self.configuration.logger.error("manifest \(manifest.manifestVersion) routes not installed: \(error)")
            }
        }
    }

    private func target(
        for route: ManifestRoute, mediator: Mediator?, actions: [String: @Sendable (RouteRequest) async throws -> Void], webRoute: String
    ) -> RouteTarget? {
        switch route.kind {
        case .native(let target, let action, let defaults):
            return RouteTarget(.action { [weak self] request in
                guard let mediator else { throw ManifestRouteError.noMediator(pattern: route.pattern) }
                var parameters: [String: any Sendable] = defaults
                for item in request.pathParameters.items + request.query.items { parameters[item.name] = item.value }
                for (key, value) in request.nativeParameters { parameters[key] = value }
                // A call a URL makes: a downloaded manifest may expose only actions declared `remote: true`.
                let result = try await mediator.run(MediatorCall(target: target, action: action, parameters: parameters, url: request.url))
                try await self?.showOrAnswer(result, for: request, pattern: route.pattern)
            })
        case .web(let url):
            let page = PercentCoding.appendingQueryItem("url", url, to: webRoute)
            return RouteTarget(.page(.push) { [weak self] _ in
                guard let self else { throw ManifestRouteError.noWebRoute(pattern: route.pattern) }
                return try self.destination(for: page)
            }, webPage: url)
        case .action(let name):
            return RouteTarget(.action { request in
                guard let perform = actions[name] else { throw ManifestRouteError.unknownAction(name: name, pattern: route.pattern) }
                try await perform(request)
            })
        case .redirect(let to):
            return RouteTarget(.redirect(to))
        case .code:
            return nil
        }
    }
}

/// A manifest route that cannot run in this app.
public enum ManifestRouteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A native route, in a manifest installed without a mediator.
    case noMediator(pattern: String)
    /// An action route naming an action the app did not pass to the installer.
    case unknownAction(name: String, pattern: String)
    /// A web route opened after its router was released.
    case noWebRoute(pattern: String)

    /// A sentence for logs; names are made safe to display.
    public var description: String {
        switch self {
        case .noMediator(let pattern): return "\(DisplaySafe.text(pattern)) is a native route, but no mediator was installed with the manifest"
        case .unknownAction(let name, let pattern): return "\(DisplaySafe.text(pattern)) runs the action \"\(DisplaySafe.text(name))\", which the app did not register"
        case .noWebRoute(let pattern): return "\(DisplaySafe.text(pattern)) is a web route, but the router is gone"
        }
    }
}
