import Switchyard
import SwitchyardTypedRoutes

// What the two feature modules share: the routes they open each other by, and the session
// service one provides and the other reads. Neither module imports the other.

@Route("/home")
public struct HomeRoute { public init() {} }

@Route("/orders")
public struct OrdersRoute { public init() {} }

@Route("/order/<int:id>")
public struct OrderRoute {
    public let id: Int
    public init(id: Int) { self.id = id }
}

@Route("/me")
public struct MeRoute { public init() {} }

@Route("/login")
public struct LoginRoute { public init() {} }

/// Who is signed in: the Account module provides it, the Orders module and the app read it.
public protocol Session: Sendable {
    var user: String? { get }
    func logIn(as user: String)
}
