import SwitchyardNavigation
import SwitchyardRouting

/// What a ``Router`` route does when it is opened.
public struct RouteTarget: Sendable {
    /// What kind of route it is, with what it runs.
    public enum Kind: Sendable {
        /// Builds a screen on the main actor and hands it to the navigator with a command.
        case page(NavigationCommand, @MainActor @Sendable (RouteRequest) throws -> Destination)
        /// Runs code; may answer the caller through ``RouteRequest/answer(_:)``.
        case action(@Sendable (RouteRequest) async throws -> Void)
        /// Opens another pattern instead, carrying the parameters over.
        case redirect(String)
        /// A handler object with the full page lifecycle.
        case handler(any PageHandler)
    }

    /// What kind of route it is, with what it runs.
    public var kind: Kind { parts.kind }
    /// Interceptors for this route only; they run with the global ones, by priority.
    public var interceptors: [any Interceptor] { entries.map(\.interceptor) }
    /// The same, as the chain holds them: made once, at registration, not per open.
    var entries: [ChainEntry] { parts.entries }
    /// Page patterns to show under this page when it opens on an empty window (a cold-start
    /// deep link), root first; their parameters come from this page's request.
    public var parents: [String] { parts.parents }
    /// Where a page lives in a tab bar: opening it selects that tab and shows it there.
    public var home: PageHome? { parts.home }
    /// The web page this route shows (a manifest's web route), checked like the web route's `url`.
    var webPage: String? { parts.webPage }
    /// Whether a link to it handed over while its scene launches waits for the launch; `false`
    /// for a route that shows nothing and another open may be waiting for (a reply to this
    /// app's own x-callback call).
    package var waitsForLaunch = true

    /// What never changes after registration, in one object: an open copies its route's target
    /// several times, and each copy of five separate references retained and released each
    /// (about 430 instructions an open, a sixth of an open's own work past the resolve).
    private let parts: Parts

    private final class Parts: Sendable {
        let kind: Kind
        let entries: [ChainEntry]
        let parents: [String]
        let home: PageHome?
        let webPage: String?

        init(kind: Kind, entries: [ChainEntry], parents: [String], home: PageHome?, webPage: String?) {
            (self.kind, self.entries, self.parents, self.home, self.webPage) = (kind, entries, parents, home, webPage)
        }
    }

    /// Whether opening it shows a screen itself: a page, a handler, or a redirect to one.
    var shows: Bool {
        switch kind {
        case .page, .handler, .redirect: return true
        case .action: return false
        }
    }

    /// A target of `kind`, with interceptors for this route only and, for a page, its deep-link parents.
    public init(_ kind: Kind, interceptors: [any Interceptor] = [], parents: [String] = [], home: PageHome? = nil) {
        self.init(kind, interceptors: interceptors, parents: parents, home: home, webPage: nil)
    }

    package init(_ kind: Kind, interceptors: [any Interceptor] = [], parents: [String] = [], home: PageHome? = nil, webPage: String?) {
        parts = Parts(kind: kind, entries: interceptors.map(ChainEntry.init), parents: parents, home: home, webPage: webPage)
    }
}

/// A page route as an object, with each step of showing it overridable (seed 002's handler).
///
/// The router asks, on the main actor: should you handle this request → make the screen →
/// which screen to show it from → how to show it (push or modal) → animated or not.
public protocol PageHandler: Sendable {
    /// Whether to open at all; `false` passes the URL to the next route that matches it, as
    /// throwing ``RouteDeclined`` does. Default `true`.
    @MainActor func shouldHandle(_ request: RouteRequest) -> Bool
    /// Builds the screen.
    @MainActor func makeDestination(for request: RouteRequest) throws -> Destination
    /// The screen to show it from; default the caller's ``RouteRequest/presenter`` (`nil`: the top-most).
    @MainActor func presenter(for request: RouteRequest) -> String?
    /// How to show it. Default ``NavigationCommand/push``.
    @MainActor func command(for request: RouteRequest) -> NavigationCommand
    /// Whether to animate the transition. Default `true`.
    @MainActor func animates(_ request: RouteRequest) -> Bool
}

extension PageHandler {
    /// Default: `true`.
    @MainActor public func shouldHandle(_ request: RouteRequest) -> Bool { true }
    /// Default: the request's presenter (``Router/open(_:from:options:parameters:source:)``'s `from`).
    @MainActor public func presenter(for request: RouteRequest) -> String? { request.presenter }
    /// Default: `NavigationCommand.push`.
    @MainActor public func command(for request: RouteRequest) -> NavigationCommand { .push }
    /// Default: `true`.
    @MainActor public func animates(_ request: RouteRequest) -> Bool { true }
}
