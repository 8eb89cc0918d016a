import Foundation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

/// Whether someone is signed in; the app's session implements it.
public protocol LoginState: Sendable {
    /// Whether someone is signed in now; asked on every open of a protected route.
    func isLoggedIn() async -> Bool
}

/// Keeps the route a logged-out user tried to open, so it can be resumed after login,
/// even after the app was killed in between.
///
/// The string saved is opaque: the URL with where it came from, so the resumed open goes
/// through the same source checks (internal-only routes, signatures) as the first one.
public protocol PendingRouteStore: Sendable {
    /// Keeps `url`, replacing the route kept before.
    func save(_ url: String) throws
    /// The route kept, or `nil` when there is none.
    func load() -> String?
    /// Forgets the route kept.
    func clear() throws
}

/// A ``PendingRouteStore`` in one small file, written atomically.
public struct FilePendingRouteStore: PendingRouteStore {
    /// The file the pending route is kept in.
    public let file: URL

    /// A store keeping the pending route in `file`.
    public init(file: URL) { self.file = file }

    /// Writes `url` to the file atomically, replacing its contents.
    public func save(_ url: String) throws { try Data(url.utf8).write(to: file, options: .atomic) }
    /// The file's contents, or `nil` when it cannot be read (it does not exist, say).
    public func load() -> String? { (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) } }
    /// Deletes the file, if it exists.
    public func clear() throws {
        if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
    }
}

/// A ``PendingRouteStore`` in memory: the pending route is lost when the app is killed.
public final class MemoryPendingRouteStore: PendingRouteStore {
    private let url = Locked<String?>(nil)

    /// An empty store.
    public init() {}

    /// Keeps `url`, replacing the route kept before.
    public func save(_ url: String) throws { self.url.withLock { $0 = url } }
    /// The route kept, or `nil` when there is none.
    public func load() -> String? { url.withLock { $0 } }
    /// Forgets the route kept.
    public func clear() throws { url.withLock { $0 = nil } }
}

/// Sends logged-out users from protected routes to login, and remembers where they were going.
///
/// The login URL gets the target in `redirect=`; the target is also saved in the store
/// (the latest wins) so that ``Router/resumeAfterLogin(using:)`` can open it once login
/// succeeds, in this run or the next.
public struct LoginInterceptor: Interceptor {
    /// Names the interceptor in errors and events.
    public let name = "login"
    /// 500: after the A/B tests (700), before interceptors of the default priority (0).
    public let priority = 500
    private let protected: PatternSet
    private let whitelist: PatternSet
    private let loginURL: String
    private let state: any LoginState
    private let store: any PendingRouteStore

    /// Sends opens of `protected` patterns, save the `whitelist`ed ones, to `loginURL` while
    /// `state` says nobody is signed in; `store` keeps where they were going.
    ///
    /// - Throws: `PatternError` when a pattern is invalid.
    /// - Parameter converters: the router's converters, when patterns use custom ones.
    public init(
        protected: [String], whitelist: [String] = [], loginURL: String, state: any LoginState, store: any PendingRouteStore,
        converters: [String: ParameterConverter] = ParameterConverter.defaultSet
    ) throws(PatternError) {
        self.protected = try PatternSet(protected, converters: converters)
        self.whitelist = try PatternSet(whitelist, converters: converters)
        self.loginURL = loginURL
        self.state = state
        self.store = store
    }

    /// Whether the route matches a protected pattern and no whitelisted one.
    public func applies(to request: RouteRequest) -> Bool {
        PolicyPath.with(request) { path, _ in applies(to: path) }
    }

    func applies(to path: PolicyPath) -> Bool {
        protected.contains(path) && !whitelist.contains(path)
    }

    var callsAppCode: Bool { protected.callsAppCode || whitelist.callsAppCode }

    /// Proceeds when someone is signed in; otherwise saves the open's URL and source in the store
    /// and redirects to the login URL with the URL as its `redirect` item. A home the router puts
    /// in place unasked (``RouteRequest/isUnasked``) is not saved: the user was not going there.
    ///
    /// Throws what the store's `save` throws, which fails the open.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        guard await !state.isLoggedIn() else { return .proceed }
        if !request.isUnasked { try store.save(PendingRoute(url: request.url, source: request.source, scene: request.scene).saved) }
        return .redirect(PercentCoding.appendingQueryItem("redirect", request.url, to: loginURL))
    }
}

extension Router {
    /// Opens the route remembered by a ``LoginInterceptor``, if any, and forgets it.
    ///
    /// Call it when login succeeds. Returns `nil` when nothing was pending. The route opens
    /// with the source it first came from: a deep link resumed after login is still a deep
    /// link to the source policy and the signature check. It is a replay
    /// (``OpenOptions/isReplay``): however soon login finishes (a keychain login within the
    /// duplicate guard's window), the guard does not take it for a second tap on the link.
    ///
    /// First the homes that waited for login (``PipelineSettings/homes``) fill their stacks, in
    /// the background (``showHomes(scene:)``), even when nothing is pending; then the route opens
    /// over them, as it would have had the user been logged in: `Orders > Order(7)`, whether or
    /// not the page declares its parents, and a route that is itself a home goes back to it.
    ///
    /// Dismiss the login page first, as a login screen does when it succeeds.
    ///
    /// - Parameter scene: the scene to open it in (``attach(_:scene:)``); `nil` uses the scene the
    ///   interrupted open came from, or ``navigator``.
    @discardableResult
    public func resumeAfterLogin(using store: any PendingRouteStore, scene: String? = nil) async -> OpenResult? {
        let pending = store.load().map(PendingRoute.init(saved:))
        let target = scene ?? pending?.scene
        await showHomes(scene: target)
        guard let pending else { return nil }
        try? store.clear()
        return await open(pending.url, options: OpenOptions(scene: target, isReplay: true), parameters: [:], source: pending.source, responder: nil)
    }
}

/// A pending route as a ``PendingRouteStore`` keeps it: the source's name, a newline (which
/// no URL holds), the URL, and a newline and the scene when it came from one. A string saved
/// before sources were kept is a URL alone, and is taken as a deep link, the most cautious reading.
struct PendingRoute {
    let url: String
    let source: RouteSource
    let scene: String?

    init(url: String, source: RouteSource, scene: String? = nil) {
        self.url = url
        self.source = source
        self.scene = scene
    }

    init(saved: String) {
        let parts = saved.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let source = RouteSource(token: String(parts[0])) else {
            self.init(url: saved, source: .deepLink)
            return
        }
        self.init(url: String(parts[1]), source: source, scene: parts.count == 3 ? String(parts[2]) : nil)
    }

    var saved: String { source.token + "\n" + url + (scene.map { "\n" + $0 } ?? "") }
}

extension RouteSource {
    /// A stable name for storage.
    var token: String {
        switch self {
        case .deepLink: return "deepLink"
        case .universalLink: return "universalLink"
        case .push: return "push"
        case .h5: return "h5"
        case .inApp: return "inApp"
        case .restoration: return "restoration"
        case .custom(let name): return "custom:" + name
        }
    }

    init?(token: String) {
        switch token {
        case "deepLink": self = .deepLink
        case "universalLink": self = .universalLink
        case "push": self = .push
        case "h5": self = .h5
        case "inApp": self = .inApp
        case "restoration": self = .restoration
        default:
            guard token.hasPrefix("custom:") else { return nil }
            self = .custom(String(token.dropFirst(7)))
        }
    }
}
