// sample: Sources/SwitchyardPipeline/Router+Login.swift #2 "try router.requireLogin(for: [OrdersRout"
import Switchyard
import SwitchyardTypedRoutes

@Route("/orders") struct OrdersRoute {}
@Route("/order/<int:id>") struct OrderRoute { let id: Int }
@Route("/login") struct LoginRoute {}
final class Session: Sendable {
    var isLoggedIn: Bool { false }
}
let session = Session()
let router = Router()
// {{sample}}
