import ShopContracts
import Switchyard

/// The session and the login page.
public struct UserModule: FeatureModule {
    public let name = "User"
    public var priority: Int { 60 }

    public init() {}

    public func register(in app: AppRouter) throws {
        let session = MemorySession()
        try app.services.register((any SessionService).self, instance: session)
        try app.router.page(LoginRoute.self, command: .presentInNavigation, owner: name) { _, _ in Destination(LoginScreen(), name: "Login") }
        try app.router.action(LogoutRoute.self, owner: name) { _, _ in session.logOut() }
        try app.router.page(MeRoute.self, home: .tab("me"), isHome: true, owner: name) { _, _ in Destination(LoginScreen(), name: "Me") }
    }
}

/// Stands in for the login view controller.
public struct LoginScreen: Sendable {}

/// Who is signed in, in memory.
final class MemorySession: SessionService {
    private let user = Guarded<String?>(nil)

    var userID: String { user.withLock { $0 ?? "guest" } }
    func isLoggedIn() async -> Bool { user.withLock { $0 != nil } }
    func logIn(as name: String) { user.withLock { $0 = name } }
    func logOut() { user.withLock { $0 = nil } }
}
