import Foundation
import Switchyard

/// What `switchyard aasa check` found between a site's `apple-app-site-association` file and
/// the app's routes, each with an example URL.
public struct AppSiteReport: Sendable, Equatable {
    /// App routes whose URLs the file leaves to Safari: a universal link to them never opens the app.
    public var routesLeftToSafari: [String]
    /// Components that send the app URLs no route handles: the app opens on its not-found page.
    public var componentsWithoutRoutes: [String]

    /// Whether the file and the routes agree: nothing left to Safari, no component without a route.
    public var isClean: Bool { routesLeftToSafari.isEmpty && componentsWithoutRoutes.isEmpty }

    /// A line per finding, then a summary.
    public var text: String {
        let lines = routesLeftToSafari.map { "error: route " + $0 } + componentsWithoutRoutes.map { "error: " + $0 }
        let summary = isClean ? "the file and the routes agree"
            : "\(routesLeftToSafari.count) route(s) left to Safari, \(componentsWithoutRoutes.count) component(s) with no route"
        return (lines + [summary]).joined(separator: "\n")
    }
}

extension AppSiteAssociation {
    /// Checks the file against the app's routes, for `appID` (every app in the file when `nil`).
    ///
    /// Each enabled route that links may open (not internal only) and that takes web URLs (no
    /// scheme of its own, not a whole-path regex) is tried with an example path (`/product/1`
    /// for `/product/<int:id>`); each component that sends URLs to the app is tried with a
    /// sample of its path pattern (`*` as `1`, `?` as `a`). A route is compared only with the
    /// components that name its first segment or start with a wildcard, each in time linear in
    /// the path, so a file of 10,000 components against 2,000 routes takes well under a second.
    ///
    /// - Throws: ``ToolError`` when the comparisons would take more than
    ///   ``maximumCheckSteps`` (components that start with a wildcard are compared with every
    ///   route), naming how far the check got.
    public func check(_ catalog: RouteCatalog, appID: String? = nil, domain: String? = nil, profile: AppProfile = AppProfile()) throws(ToolError) -> AppSiteReport {
        try check(catalog, appID: appID, domain: domain, profile: profile, maximumSteps: Self.maximumCheckSteps)
    }

    /// ``check(_:appID:domain:profile:)`` under another bound, for tests of the bound.
    func check(_ catalog: RouteCatalog, appID: String?, domain: String?, profile: AppProfile, maximumSteps: Int) throws(ToolError) -> AppSiteReport {
        let configuration = profile.routerConfiguration
        let url = { (path: String) in domain.map { "https://\($0)\(path)" } ?? path }
        let table = RouteTable<String>(configuration: configuration)
        let closed = Set(catalog.patternsClosedToUniversalLinks)
        let switchedOff = catalog.patternsLinksCannotOpen.union(closed)
        let components = ComponentIndex(self, appID: appID)
        var report = AppSiteReport(routesLeftToSafari: [], componentsWithoutRoutes: [])
        var steps = 0
        let routes = catalog.entries.filter { !$0.isRegex && !switchedOff.contains($0.pattern) }
        for (checked, entry) in routes.enumerated() {
            guard (try? table.register(entry.pattern, priority: entry.priority, target: entry.pattern)) != nil,
                  let pattern = try? RoutePattern(entry.pattern, converters: configuration.converters, limits: configuration.limits),
                  pattern.scheme == nil, let path = OverlapFinder.examplePath(of: pattern)
            else { continue }
            let (opens, component) = components.first(path: path, query: nil, fragment: nil, steps: &steps)
            guard steps <= maximumSteps else {
                throw ToolError("the check stopped after \(checked) of \(routes.count) routes: comparing them with the file's components took more than "
                    + "\(maximumSteps) steps (AppSiteAssociation.maximumCheckSteps); components whose path starts with a wildcard are "
                    + "compared with every route")
            }
            guard !opens else { continue }
            report.routesLeftToSafari.append("\(entry.pattern): \(url(path)) opens in Safari: "
                + (component.map { "component \($0) excludes it" } ?? "no component matches it"))
        }
        // The routes no universal link may reach match too, so a component that sends their
        // URLs to the app is named for what it is: a link the app refuses.
        for entry in catalog.entries where !entry.isRegex && closed.contains(entry.pattern) {
            _ = try? table.register(entry.pattern, priority: entry.priority, target: entry.pattern)
        }
        var index = 0
        for detail in details {
            defer { index += detail.components.count }
            guard appID.map(detail.appIDs.contains) ?? true else { continue }
            for (offset, component) in detail.components.enumerated() where !component.exclude {
                guard let pattern = component.path else { continue }
                let sample = Wildcard.sample(pattern)
                if let route = try? table.resolve(sample).target, closed.contains(route) {
                    report.componentsWithoutRoutes.append("component \(index + offset) (\"\(pattern)\"): \(url(sample)) opens the app, which refuses it: "
                        + "\(route) is not open to universal links (PipelineSettings.universalLinkRoutes)")
                    continue
                }
                guard case .noMatch? = Self.failure(table, sample) else { continue }
                report.componentsWithoutRoutes.append("component \(index + offset) (\"\(pattern)\"): \(url(sample)) opens the app, and no route handles it")
            }
        }
        return report
    }

    private static func failure(_ table: RouteTable<String>, _ path: String) -> RoutingError? {
        do {
            _ = try table.resolve(path)
            return nil
        } catch {
            return error
        }
    }
}
