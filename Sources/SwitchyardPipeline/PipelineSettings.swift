import SwitchyardNavigation

/// How a ``Router``'s open pipeline behaves around the routes themselves.
public struct PipelineSettings: Sendable {
    /// Keep the last N opens in a ``DebugRecorder``; `nil` records nothing (and costs nothing).
    public var recordingLast: Int?
    /// Redirects followed in one open before it fails with ``OpenError/tooManyRedirects(_:limit:)``.
    public var redirectLimit: Int
    /// Handlers that may decline one open (``RouteDeclined``) before it fails with
    /// ``OpenError/tooManyDeclines(url:declined:limit:)``: a URL that a thousand registered
    /// routes match, each of which declines, must not make one open try them all.
    public var declineLimit: Int
    /// The same caller asking for the same URL with the same parameters, in the same scene,
    /// again within this window opens once (a double tap, or a link the system delivers twice);
    /// the second open ends `.handled(by: "duplicate guard")`. `.zero` turns the guard off.
    /// Callers are kept apart (``RouteCaller``): one page's, app's or link's open never makes
    /// another caller's a duplicate, and an open refused as not open to its caller is not remembered.
    ///
    /// The guard looks at each open once, when it reaches its route, by the time it arrived.
    /// Opens the library replays itself
    /// pass it: a route resumed after login, a restore, an open held until ``Router/markReady()``
    /// and a redirect's target; so does an open with ``OpenOptions/isReplay``.
    public var duplicateWindow: Duration
    /// `false` holds every open until ``Router/markReady()``: a cold start from a link or a push.
    public var startsReady: Bool
    /// How many opens may wait for readiness; more fail with ``OpenError/readinessQueueFull(limit:)``.
    public var readinessQueueLimit: Int
    /// How many pages ``Router/preload(_:parameters:)`` keeps.
    public var preloadLimit: Int
    /// Web hosts, besides the associated domains, that redirects may lead to.
    public var allowedRedirectHosts: Set<String>
    /// How many runs of one interceptor may still be going after their opens stopped waiting
    /// for them (an interceptor that ignores cancellation and never returns) before the router
    /// stops starting it and fails its opens with ``OpenError/interceptorUnresponsive(name:stillRunning:)``.
    /// Such a run holds its task and request; this bounds the memory they take.
    ///
    /// A run counts once it is still inside the interceptor 50 ms after its open gave up, so
    /// the runs held at worst are this limit plus the opens that start the interceptor within
    /// its timeout and those 50 ms (1,000 runs for 10,000 opens, 200 at a time, of an
    /// interceptor with a 5 ms timeout that never returns).
    public var abandonedRunLimit: Int
    /// The identifiers of the app's tab bar, in order (`["home", "cart", "orders", "me"]`), for
    /// pages that live in a tab: a page whose home is a tab not listed here is refused when it
    /// is registered. Empty for an app without a tab bar.
    public var tabs: [String]
    /// The route each place of a window starts with (each tab's root, a split column's, a
    /// plain window's): ``Router/launch(scene:restoring:links:)`` opens them under what is
    /// restored and what a link opens. ``WindowHomes/none`` by default: stacks start empty.
    public var homes: WindowHomes
    /// The routes a universal link may reach, as patterns; `nil` (the default) for every route.
    ///
    /// A universal link (``RouteSource/universalLink``) to any other route is refused with
    /// ``OpenError/notOpenToCaller(url:caller:)`` before an interceptor or a handler
    /// runs, as a web page's call to a route its origin may not reach is. The route export
    /// (``Router/exportRoutes()``) marks each route, and `switchyard aasa generate` publishes only
    /// these: what a website may send to the app.
    public var universalLinkRoutes: [String]?
    /// How long a link handed to ``Router/handleIncoming(_:via:scene:)`` for a scene the router
    /// does not know yet (no navigator attached, no launch asked for) waits for that scene's
    /// ``Router/launch(scene:restoring:links:)``: SwiftUI may call `.onOpenURL` before the
    /// window's `.task`. Past it the link opens as things are, and the wait is logged with the fix.
    public var sceneWait: Duration
    /// How long a ``Router/launch(scene:restoring:links:)`` waits for ``Router/markReady()``
    /// before it logs a warning naming the fix: an app that awaits its launch before it marks
    /// the router ready waits for ever.
    public var readinessWarning: Duration

    /// Settings with the given limits; host names in `allowedRedirectHosts` are lowercased.
    public init(
        recordingLast: Int? = nil, redirectLimit: Int = 8, declineLimit: Int = 32, duplicateWindow: Duration = .milliseconds(500),
        startsReady: Bool = true, readinessQueueLimit: Int = 32, preloadLimit: Int = 4,
        allowedRedirectHosts: Set<String> = [], abandonedRunLimit: Int = 16, tabs: [String] = [], homes: WindowHomes = .none,
        universalLinkRoutes: [String]? = nil, sceneWait: Duration = .seconds(10), readinessWarning: Duration = .seconds(2)
    ) {
        self.recordingLast = recordingLast
        self.redirectLimit = redirectLimit
        self.declineLimit = declineLimit
        self.duplicateWindow = duplicateWindow
        self.startsReady = startsReady
        self.readinessQueueLimit = readinessQueueLimit
        self.preloadLimit = preloadLimit
        self.allowedRedirectHosts = Set(allowedRedirectHosts.map { $0.lowercased() })
        self.abandonedRunLimit = abandonedRunLimit
        self.tabs = tabs
        self.homes = homes
        self.universalLinkRoutes = universalLinkRoutes
        self.sceneWait = sceneWait
        self.readinessWarning = readinessWarning
    }
}
