import EverydayContracts
import Foundation
import Switchyard

/// The session service, the Me tab and the login page.
public struct AccountModule: FeatureModule {
    public let name = "Account"
    public init() {}

    public func register(in app: AppRouter) throws {
        try app.provide((any Session).self) { MemorySession() }
        try app.page(MeRoute.self, tab: "me", isHome: true) { _ in Me(app: app) }
        try app.page(LoginRoute.self) { _ in Login(app: app) }
    }
}

/// The login page: it knows neither which route it interrupted nor where that opens.
@MainActor
public final class Login: PageContent {
    private let app: AppRouter
    @Injected private var session: (any Session)?

    init(app: AppRouter) { self.app = app }

    /// The user signed in: the page closes and the interrupted route opens.
    public func signIn(as user: String) async {
        session?.logIn(as: user)
        await app.loginDone()
    }

    /// The user gave up: the page closes, the route is forgotten.
    public func cancel() async {
        await app.loginCancelled()
    }
}

/// The Me tab: how many orders the user has (the Orders module's target) and a link to one.
@MainActor
public final class Me: PageContent {
    private let app: AppRouter

    init(app: AppRouter) { self.app = app }

    public func orderCount() async throws -> Int {
        try await app.perform(target: "EverydayOrders.Orders", action: "count", as: Int.self)
    }

    public func showOrder(_ id: Int) async {
        await app.open(OrderRoute(id: id))
    }
}

final class MemorySession: Session, @unchecked Sendable {
    private let lock = NSLock()
    private var signedIn: String?

    var user: String? { lock.withLock { signedIn } }

    func logIn(as user: String) { lock.withLock { signedIn = user } }
}
