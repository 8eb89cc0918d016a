import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// Applies the manifest's per-route switches before a manifest route opens: enabled,
/// minimum app version, internal-only, login; then its degrade rules and A/B experiments.
///
/// A route that is off or too new for this app opens its H5 fallback through the web route
/// when it has one, and is refused otherwise.
final class ManifestPolicyInterceptor: Interceptor {
    /// How logged-out users reach login: the same ``LoginInterceptor`` an app uses in code.
    struct Login: Sendable {
        let state: any LoginState
        let url: String
        let store: any PendingRouteStore
    }

    let name = "manifest"
    let priority = 900

    private struct Policies {
        var routes: [String: ManifestRoute] = [:]
        /// Every pattern that needs login: routes marked `requiresLogin`, and `loginRequired`.
        var loginRequired: PatternSet?
        var login: LoginInterceptor?
        var degrade: DegradeInterceptor?
        var experiments: ABTestInterceptor?
    }

    private let policies = Locked(Policies())
    private let appVersion: AppVersion?
    private let login: Login?
    private let webRoute: String
    private let userID: @Sendable () -> String
    private let configuration: RouterConfiguration

    /// - Parameter configuration: the router's, so the manifest's patterns read as its routes do.
    init(appVersion: AppVersion?, login: Login?, webRoute: String, userID: @escaping @Sendable () -> String, configuration: RouterConfiguration) {
        self.appVersion = appVersion
        self.login = login
        self.webRoute = webRoute
        self.userID = userID
        self.configuration = configuration
    }

    /// Takes the switches of a new manifest, read with the router's converters: a pattern the
    /// store's validator passed but the router cannot read matches none of its routes, and is
    /// left out with an error in the log rather than taking every other rule with it.
    func update(_ manifest: RouteManifest) {
        let converters = configuration.converters
        var next = Policies()
        for route in manifest.routes {
            if let canonical = try? RoutePattern(route.pattern, converters: converters, limits: .unbounded).description {
                next.routes[canonical] = route
            }
        }
        let protected = readable(manifest.routes.filter(\.requiresLogin).map(\.pattern) + manifest.loginRequired)
        next.loginRequired = try? PatternSet(protected, converters: converters)
        if let login {
            next.login = try? LoginInterceptor(protected: protected, loginURL: login.url, state: login.state, store: login.store, converters: converters)
        }
        let degrade = manifest.degrade.filter { readable([$0.pattern]).count == 1 }
        next.degrade = try? DegradeInterceptor(rules: degrade.map(Self.rule), webRoute: webRoute, converters: converters)
        next.experiments = try? ABTestInterceptor(experiments: manifest.experiments.compactMap { experiment in
            guard readable([experiment.pattern]).count == 1 else { return nil }
            return try? Experiment(name: experiment.name, pattern: experiment.pattern,
                                   variants: experiment.variants.map { Experiment.Variant(name: $0.name, share: $0.share, redirect: $0.redirect) })
        }, userID: userID, converters: converters)
        policies.withLock { $0 = next }
    }

    /// The patterns the router can read; the others are logged.
    private func readable(_ patterns: [String]) -> [String] {
        patterns.filter { pattern in
            do {
                _ = try RoutePattern(pattern, converters: configuration.converters, limits: .unbounded)
                return true
            } catch {
                configuration.logger.error("manifest rule left out: \(error)")
                return false
            }
        }
    }

    func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        let current = policies.withLock { $0 }
        if let decision = switches(request, current) { return decision }
        if current.loginRequired?.contains(request) == true {
            guard let login = current.login else { return Self.noLoginPage(request) }
            let decision = try await login.intercept(request)
            if case .proceed = decision {} else { return decision }
        }
        if let degrade = current.degrade {
            let decision = try await degrade.intercept(request)
            if case .proceed = decision {} else { return decision }
        }
        if let experiments = current.experiments { return try await experiments.intercept(request) }
        return .proceed
    }

    /// The route's own switches: off, too new for this app, or internal-only; `nil` lets it on.
    private func switches(_ request: RouteRequest, _ current: Policies) -> InterceptorDecision? {
        guard let pattern = request.pattern?.description, let route = current.routes[pattern] else { return nil }
        if !route.enabled { return fallback(route, or: SecurityError.blocked(pattern: pattern, message: "\(pattern) is switched off")) }
        if let minimum = route.minimumAppVersion.flatMap(AppVersion.init), let appVersion, appVersion < minimum {
            return fallback(route, or: SecurityError.blocked(pattern: pattern, message: "\(pattern) needs app version \(minimum) or later; this is \(appVersion)"))
        }
        if route.internalOnly, request.source != .inApp { return .reject(SecurityError.internalOnly(pattern: pattern, source: request.source)) }
        return nil
    }

    private static func noLoginPage(_ request: RouteRequest) -> InterceptorDecision {
        let pattern = request.pattern?.description ?? request.path
        return .reject(SecurityError.blocked(pattern: pattern, message: "\(pattern) requires login, and no login page is installed"))
    }

    private func fallback(_ route: ManifestRoute, or error: SecurityError) -> InterceptorDecision {
        guard let page = route.fallbackURL else { return .reject(error) }
        return .redirect(PercentCoding.appendingQueryItem("url", page, to: webRoute))
    }

    private static func rule(_ rule: ManifestDegradeRule) -> DegradeInterceptor.Rule {
        switch rule.action {
        case .block: return .init(pattern: rule.pattern, action: .block(message: rule.value))
        case .redirect: return .init(pattern: rule.pattern, action: .redirect(rule.value))
        case .fallbackToH5: return .init(pattern: rule.pattern, action: .fallbackToH5(rule.value))
        case .warn: return .init(pattern: rule.pattern, action: .warn(message: rule.value))
        }
    }
}

extension ManifestPolicyInterceptor: InlineInterceptor {
    /// The switches, degrade rules and experiment patterns are decided here; a login check, a
    /// warning or a user id (the app's code) sends the whole policy to the worker.
    func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
        let current = policies.withLock { $0 }
        if let decision = switches(request, current) { return .decided(decision) }
        if current.loginRequired?.callsAppCode == true { return .needsWorker }
        if current.loginRequired?.contains(path) == true {
            return current.login == nil ? .decided(Self.noLoginPage(request)) : .needsWorker
        }
        if let degrade = current.degrade {
            switch degrade.decideInline(request, path: path) {
            case .needsWorker: return .needsWorker
            case .decided(.proceed), .notApplicable: break
            case .decided(let decision): return .decided(decision)
            }
        }
        return current.experiments?.decideInline(request, path: path) ?? .decided(.proceed)
    }
}
