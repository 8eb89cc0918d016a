// sample: Sources/SwitchyardPipeline/Router.swift #1 "let router = Router(configuration: Route"
import Switchyard

actor Session: LoginState {
    func isLoggedIn() -> Bool { false }
}
struct ProductScreen { init(_ request: RouteRequest) {} }
struct Cart: Sendable { func add(_ sku: String) {} }
let appNavigator = HeadlessNavigator()
let cart = Cart()
let session = Session()
// {{sample}}
