import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

/// Where a web page may open: in the app's own web view, in the system browser, or nowhere.
public enum WebPageDecision: Equatable, Sendable {
    /// An `http(s)` page on an associated domain or one of ``RouterConfiguration/webViewHosts``.
    case inApp
    /// An `http(s)` page on any other host: the navigator hands it to the system browser, so
    /// no stranger's page runs inside the app's web view and its bridge to native code.
    case external
    /// Not a page to open anywhere (`javascript:`, credentials in the URL, a backslash…).
    case refused(reason: String)
}

extension Router {
    /// Whether `url` may show in the app's web view, go to the browser, or neither.
    ///
    /// The router applies this to every open of ``RouterConfiguration/webRoute`` (its `url`
    /// item) and of a manifest's web routes, whatever their source; an app's own web views
    /// should ask it too before loading a URL they were handed.
    public func webPageDecision(for url: String) -> WebPageDecision {
        switch WebAddress.read(url) {
        case .failure(let problem):
            return .refused(reason: problem.description)
        case .success(let address):
            if address.hasCredentials { return .refused(reason: "it carries credentials (user@host)") }
            let hosts = HostAllowList(configuration.associatedDomains.union(configuration.webViewHosts))
            return hosts.contains(address.host) ? .inApp : .external
        }
    }

    /// Whether a redirect to `target` stays inside the app: a path the router can open (not
    /// `//host` or `/\host`, which browsers read as another host), an app URL the router can
    /// open, or an `http(s)` URL, without credentials, on an associated domain or one of
    /// ``PipelineSettings/allowedRedirectHosts``.
    public func allowsRedirect(to target: String) -> Bool {
        redirectRefusal(target) == nil
    }

    /// Schemes a redirect never follows, whatever routes exist.
    package static let refusedRedirectSchemes: Set<String> = ["javascript", "data", "file", "vbscript", "blob", "about"]

    /// Why a redirect to `target` would leave the app, or `nil` when it stays inside.
    func redirectRefusal(_ target: String) -> String? {
        if let refusal = pathRefusal(target) { return refusal.isEmpty ? nil : refusal }
        switch WebAddress.read(target) {
        case .success(let address):
            if address.hasCredentials { return "it carries credentials (user@host)" }
            let hosts = HostAllowList(configuration.associatedDomains.union(settings.allowedRedirectHosts))
            return hosts.contains(address.host) ? nil : "host \(address.host) is not an associated domain or an allowed redirect host"
        case .failure(.notWeb):
            break
        case .failure(let problem):
            return problem.description
        }
        guard let scheme = URLLayout.scheme(of: target) else { return "it is not a path, an app URL or an allowed web URL" }
        if Self.refusedRedirectSchemes.contains(scheme) { return "scheme \(scheme) is never followed" }
        return canOpen(target) ? nil : "no route matches it"
    }

    /// For a target that starts with `/`: `""` when it is a path the router can open, else why not.
    /// `nil` when it does not start with `/`.
    private func pathRefusal(_ target: String) -> String? {
        let bytes = target.utf8
        guard bytes.first == ASCII.slash else { return nil }
        let second = bytes.dropFirst().first
        if second == ASCII.slash || second == ASCII.backslash { return "a browser reads it as another host (//…)" }
        if bytes.contains(ASCII.backslash) { return "it contains a backslash" }
        return canOpen(target) ? "" : "no route matches it"
    }

    /// The web page an open leads to: the `url` of the web route, or a manifest web route's page.
    func webPage(of target: RouteTarget, request: RouteRequest, pattern: String) -> String? {
        if let page = target.webPage { return page }
        guard let webRoute = configuration.webRoute, request.query["url"] != nil,
              (try? RoutePattern(webRoute, converters: configuration.converters, limits: configuration.limits))?.description == pattern
        else { return nil }
        return request.query["url"]
    }

    /// Hands `page` to the navigator's ``Navigator/openExternally(_:)`` on the main actor.
    func openExternally(_ page: String, pattern: String, scene: String?) async -> OpenResult.Outcome {
        await MainActor.run {
            let navigator: any Navigator
            switch self.navigator(forScene: scene, pattern: pattern) {
            case .success(let found): navigator = found
            case .failure(let error): return .rejected(error)
            }
            do {
                try navigator.openExternally(page)
                return .openedExternally(url: page)
            } catch {
                return .rejected(.navigationFailed(pattern: pattern, reason: "\(error)"))
            }
        }
    }
}
