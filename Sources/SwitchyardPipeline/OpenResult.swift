import SwitchyardNavigation
import SwitchyardRouting
import SwitchyardSupport

/// What one ``Router/open(_:options:parameters:source:)`` did. Also the router's event.
public struct OpenResult: Sendable, CustomStringConvertible {
    /// How an open ended.
    public enum Outcome: Sendable, Equatable {
        /// A page was built and handed to the navigator.
        case openedPage(pattern: String, command: NavigationCommand)
        /// An action ran to the end.
        case performedAction(pattern: String)
        /// An interceptor finished the open itself.
        case handled(by: String)
        /// A web page not allowed in the app's web view was handed to the system browser
        /// (``Navigator/openExternally(_:)``); see ``Router/webPageDecision(for:)``.
        case openedExternally(url: String)
        /// The page asked for a scene of its own (``NavigationCommand/newScene``): the navigator
        /// asked the system for one, which opens `url`.
        case requestedScene(url: String)
        /// No route matched (the not-found page, if any, was shown).
        case notFound(NoMatch)
        /// The open failed; nothing was shown.
        case rejected(OpenError)
    }

    /// The URL as it was opened, before any redirect.
    public let url: String
    /// Where the open came from.
    public let source: RouteSource
    /// Who asked for it (``OpenOptions/caller``, or the caller its source implies).
    public var caller: RouteCaller { namedCaller ?? RouteCaller(source: source) }
    /// The caller the open's options named.
    var namedCaller: RouteCaller?
    /// What a route that failed chose to tell callers outside the app (``CallerFacingError``);
    /// `nil` when it chose nothing, and they learn only that the route failed.
    package internal(set) var failureForCallers: CallerFacingFailure?
    /// How the open ended.
    public let outcome: Outcome
    /// Every URL redirected to, in order; empty when there was no redirect.
    public let redirects: [String]
    /// The routes whose handlers declined the URL (``RouteDeclined``), in the order they were
    /// tried, each `pattern` or `pattern (reason)`; empty when none declined.
    public var declined: [String] = []
    /// The interceptors that ran, in order.
    public var interceptors: [String] { interceptorNames.names }
    /// The time from the call to the result, including any wait for ``Router/markReady()``.
    public let duration: Duration
    /// Kept compact: most opens through policies then make no list, and a reader makes it.
    let interceptorNames: InterceptorNames

    /// Whether a page opened or an action ran.
    public var succeeded: Bool {
        switch outcome {
        case .openedPage, .performedAction, .openedExternally, .requestedScene: return true
        case .handled, .notFound, .rejected: return false
        }
    }

    /// One line for logs: URL, source, outcome, redirects, interceptors and duration in µs.
    public var description: String {
        var text = "\(DisplaySafe.text(url)) [\(source)] → \(outcome)"
        if !redirects.isEmpty { text += " via " + redirects.map { DisplaySafe.text($0) }.joined(separator: " → ") }
        if !declined.isEmpty { text += "; declined by " + declined.map { DisplaySafe.text($0) }.joined(separator: ", ") }
        if !interceptors.isEmpty { text += "; interceptors: " + interceptors.joined(separator: ", ") }
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        return text + "; \(microseconds) µs"
    }
}

extension OpenResult.Outcome: CustomStringConvertible {
    /// A short phrase for logs (`opened /product/:id (push)`).
    public var description: String {
        switch self {
        case .openedPage(let pattern, let command): return "opened \(DisplaySafe.text(pattern)) (\(command))"
        case .performedAction(let pattern): return "performed \(DisplaySafe.text(pattern))"
        case .handled(let name): return "handled by \(name)"
        case .openedExternally(let url): return "opened in the browser: \(DisplaySafe.text(url))"
        case .requestedScene(let url): return "asked for a new scene to open \(DisplaySafe.text(url))"
        case .notFound(let noMatch): return "not found: \(noMatch)"
        case .rejected(let error): return "rejected: \(error)"
        }
    }
}

/// Why an open failed.
public enum OpenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL is malformed, or its scheme or host is refused.
    case invalidURL(RoutingError)
    /// An interceptor rejected the open.
    case rejected(by: String, reason: String)
    /// An interceptor threw.
    case interceptorFailed(name: String, reason: String)
    /// An interceptor did not finish in time.
    case interceptorTimedOut(name: String, seconds: Double)
    /// Earlier runs of an interceptor are still going past their timeouts, as many as
    /// ``PipelineSettings/abandonedRunLimit``; it is not started again until they end.
    case interceptorUnresponsive(name: String, stillRunning: Int)
    /// A redirect led back to a URL already in the chain (the chain is given whole).
    case redirectLoop([String])
    /// More redirects than the router's limit.
    case tooManyRedirects([String], limit: Int)
    /// More handlers declined the open than ``PipelineSettings/declineLimit``; `declined`
    /// names the first of them (`pattern` or `pattern (reason)`).
    case tooManyDeclines(url: String, declined: [String], limit: Int)
    /// A redirect target that is not a valid URL or pattern, or that leads outside the app.
    case invalidRedirect(target: String, reason: String)
    /// A web page that may open neither in the app nor in the browser (see ``Router/webPageDecision(for:)``).
    case invalidWebPage(url: String, reason: String)
    /// The page factory threw.
    case pageFailed(pattern: String, reason: String)
    /// The action threw.
    case actionFailed(pattern: String, reason: String)
    /// The navigator threw while showing the page.
    case navigationFailed(pattern: String, reason: String)
    /// The open named a scene no navigator is attached for (``Router/attach(_:scene:)``).
    case sceneNotAttached(scene: String, pattern: String)
    /// A restored screen's URL leads to something other than a page (an action, the browser):
    /// a restore shows pages and does nothing else.
    case notRestorable(pattern: String, reason: String)
    /// A page opened while the router has no navigator.
    case noNavigator(pattern: String)
    /// A typed route's URL reaches another route first: `url`, made from a value of the route
    /// of `pattern`, matches `shadowedBy`, which wins over it.
    case typedRouteShadowed(pattern: String, url: String, shadowedBy: String)
    /// No route open to `caller` (a web page's origin, another app, a universal link) takes the
    /// URL: see ``ReachableRoutes``. Nothing ran. Whether another route would have taken it is
    /// not looked up, so the caller cannot tell a route it may not reach from a missing one;
    /// ``Router/resolve(_:source:)`` says which route the app would open.
    case notOpenToCaller(url: String, caller: String)
    /// The handler of a declared parent page said no (`shouldHandle`), so the stack under the
    /// page could not be built. (A page's own handler that says no passes the URL on instead.)
    case declined(pattern: String)
    /// The page's screen (a ``RouteReceiver``) refused its parameters: missing or mistyped.
    case parametersRefused(pattern: String, [ParameterError])
    /// A parent the page declares for its deep-link back stack cannot be built.
    case invalidParent(pattern: String, parent: String, reason: String)
    /// The task that called `open` was cancelled.
    case cancelled
    /// Too many opens waited for ``Router/markReady()``.
    case readinessQueueFull(limit: Int)
    /// A window's home (``WindowHomes``) was not put in place in the background because an
    /// interceptor sent it to `target` (to log in): its stack stays empty, and it opens when
    /// the user goes there (``Router/didSelectTab(_:scene:)``) or after login.
    case homeWaiting(place: String, pattern: String, target: String)
    /// A window's home cannot be its place's root: it leads to an action or the browser, or
    /// the stack already shows screens.
    case homeNotShown(place: String, pattern: String, reason: String)

    /// A sentence for logs and alerts; URLs and reasons are made safe to display.
    public var description: String {
        switch self {
        case .invalidURL(let error): return error.description
        case .rejected(let name, let reason): return "interceptor \(DisplaySafe.text(name)) rejected the open: \(DisplaySafe.text(reason, limit: 2_000))"
        case .interceptorFailed(let name, let reason): return "interceptor \(DisplaySafe.text(name)) failed: \(DisplaySafe.text(reason, limit: 2_000))"
        case .interceptorTimedOut(let name, let seconds): return "interceptor \(DisplaySafe.text(name)) did not finish within \(seconds) s"
        case .interceptorUnresponsive(let name, let stillRunning):
            return "interceptor \(DisplaySafe.text(name)) was not started: \(stillRunning) earlier runs are still going past their timeout (PipelineSettings.abandonedRunLimit)"
        case .redirectLoop(let chain): return "redirect loop: " + chain.map { DisplaySafe.text($0) }.joined(separator: " → ")
        case .tooManyRedirects(let chain, let limit): return "more than \(limit) redirects: " + chain.map { DisplaySafe.text($0) }.joined(separator: " → ")
        case .tooManyDeclines(let url, let declined, let limit):
            let shown = declined.prefix(3).map { DisplaySafe.text($0) }.joined(separator: ", ") + (declined.count > 3 ? ", …" : "")
            return "more than \(limit) routes declined \(DisplaySafe.text(url)) (PipelineSettings.declineLimit): \(shown)"
        case .invalidRedirect(let target, let reason): return "cannot redirect to \(DisplaySafe.text(target)): \(DisplaySafe.text(reason, limit: 2_000))"
        case .invalidWebPage(let url, let reason): return "cannot open the web page \(DisplaySafe.text(url)): \(DisplaySafe.text(reason, limit: 2_000))"
        case .pageFailed(let pattern, let reason): return "page \(DisplaySafe.text(pattern)) could not be made: \(DisplaySafe.text(reason, limit: 2_000))"
        case .actionFailed(let pattern, let reason): return "action \(DisplaySafe.text(pattern)) failed: \(DisplaySafe.text(reason, limit: 2_000))"
        case .navigationFailed(let pattern, let reason): return "navigator could not show \(DisplaySafe.text(pattern)): \(DisplaySafe.text(reason, limit: 2_000))"
        case .notRestorable(let pattern, let reason): return "\(DisplaySafe.text(pattern)) is not restored: \(reason); a restore shows pages only"
        case .noNavigator(let pattern):
            return "no navigator to show \(DisplaySafe.text(pattern)): set router.navigator, or attach one for the scene with router.attach(_:scene:)"
        case .typedRouteShadowed(let pattern, let url, let winner):
            return "the typed route \(DisplaySafe.text(pattern)) does not reach \(DisplaySafe.text(url)): the route \(DisplaySafe.text(winner)) matches it first; "
                + "give that value another path, or register \(DisplaySafe.text(winner)) with a lower priority"

        case .sceneNotAttached(let scene, let pattern):
            return "no navigator is attached for scene \"\(DisplaySafe.text(scene))\" to show \(DisplaySafe.text(pattern)): attach it with router.attach(_:scene:) when the scene connects"
        case .notOpenToCaller(let url, let caller):
            return "no route open to \(DisplaySafe.text(caller)) takes \(DisplaySafe.text(url))"
        case .declined(let pattern): return "the handler of \(DisplaySafe.text(pattern)) declined the request"
        case .parametersRefused(let pattern, let problems):
            return "page \(DisplaySafe.text(pattern)) refused its parameters: " + problems.map(\.description).joined(separator: "; ")
        case .invalidParent(let pattern, let parent, let reason): return "cannot build the parent \(DisplaySafe.text(parent)) of \(DisplaySafe.text(pattern)): \(DisplaySafe.text(reason, limit: 2_000))"
        case .cancelled: return "the open was cancelled"
        case .readinessQueueFull(let limit): return "\(limit) opens are already waiting for the app to be ready"
        case .homeWaiting(let place, let pattern, let target):
            return "the home of \(place), \(DisplaySafe.text(pattern)), waits: an interceptor sent it to \(DisplaySafe.text(target)); "
                + "it opens when the user goes there, or after login"
        case .homeNotShown(let place, let pattern, let reason):
            return "the home of \(place), \(DisplaySafe.text(pattern)), is not shown: \(reason)"
        }
    }
}
