import Foundation
import ShopInterfaces
import Switchyard

/// The Profile feature, in Swift: the Me tab's home, the login page, and the signed-in user as
/// a service the Objective-C module reads by its protocol.
public struct ProfileModule: FeatureModule {
    public let name = "Profile"
    /// Who is signed in, for the app's login interceptor.
    public let session: Session

    public init(session: Session) {
        self.session = session
    }

    public func register(in app: AppRouter) throws {
        try app.services.register((any ProfileService).self, instance: session)
        try app.router.page("/me", home: .tab("me")) { _ in Destination(session.displayName(), name: "Me") }
        try app.router.page("/login", command: .presentInNavigation) { _ in Destination("Login", name: "Login") }
    }
}

/// The signed-in user: a Swift class that Objective-C code uses through `ProfileService`.
public final class Session: NSObject, ProfileService, LoginState, @unchecked Sendable {
    private let lock = NSLock()
    private var name: String?

    override public init() {}

    public func displayName() -> String {
        lock.withLock { name ?? "Guest" }
    }

    public func isLoggedIn() async -> Bool {
        lock.withLock { name != nil }
    }

    /// What the login page calls once the user signed in.
    public func signIn(as name: String) {
        lock.withLock { self.name = name }
    }
}
