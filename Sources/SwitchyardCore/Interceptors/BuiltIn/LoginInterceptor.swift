import Foundation

/// Whether someone is signed in; the app's session implements it.
public protocol LoginState: Sendable {
    func isLoggedIn() async -> Bool
}

/// Keeps the route a logged-out user tried to open, so it can be resumed after login,
/// even after the app was killed in between.
public protocol PendingRouteStore: Sendable {
    func save(_ url: String) throws
    func load() -> String?
    func clear() throws
}

/// A ``PendingRouteStore`` in one small file, written atomically.
public struct FilePendingRouteStore: PendingRouteStore {
    public let file: URL

    public init(file: URL) { self.file = file }

    public func save(_ url: String) throws { try Data(url.utf8).write(to: file, options: .atomic) }
    public func load() -> String? { (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) } }
    public func clear() throws {
        if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
    }
}

/// A ``PendingRouteStore`` in memory: the pending route is lost when the app is killed.
public final class MemoryPendingRouteStore: PendingRouteStore {
    private let url = Locked<String?>(nil)

    public init() {}

    public func save(_ url: String) throws { self.url.withLock { $0 = url } }
    public func load() -> String? { url.withLock { $0 } }
    public func clear() throws { url.withLock { $0 = nil } }
}

/// Sends logged-out users from protected routes to login, and remembers where they were going.
///
/// The login URL gets the target in `redirect=`; the target is also saved in the store
/// (the latest wins) so that ``Router/resumeAfterLogin(using:)`` can open it once login
/// succeeds, in this run or the next.
public struct LoginInterceptor: Interceptor {
    public let name = "login"
    public let priority = 500
    private let protected: PatternSet
    private let whitelist: PatternSet
    private let loginURL: String
    private let state: any LoginState
    private let store: any PendingRouteStore

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

    public func applies(to request: RouteRequest) -> Bool {
        protected.contains(request) && !whitelist.contains(request)
    }

    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        guard await !state.isLoggedIn() else { return .proceed }
        try store.save(request.url)
        return .redirect(PercentCoding.appendingQueryItem("redirect", request.url, to: loginURL))
    }
}

extension Router {
    /// Opens the route remembered by a ``LoginInterceptor``, if any, and forgets it.
    ///
    /// Call it when login succeeds. Returns `nil` when nothing was pending.
    public func resumeAfterLogin(using store: any PendingRouteStore) async -> OpenResult? {
        guard let pending = store.load() else { return nil }
        try? store.clear()
        return await open(pending, options: OpenOptions(), parameters: [:], source: .inApp, responder: nil)
    }
}
