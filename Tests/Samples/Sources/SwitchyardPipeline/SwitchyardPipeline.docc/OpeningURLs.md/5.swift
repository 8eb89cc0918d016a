// sample: Sources/SwitchyardPipeline/SwitchyardPipeline.docc/OpeningURLs.md #5 "actor Session: LoginState {"
import Foundation
import Switchyard

// The router of "Register routes" (block 1).
struct ProductScreen { let id: Int }
let router = Router(configuration: RouterConfiguration(schemes: ["shop"], associatedDomains: ["shop.example.com"]))
try router.page("/product/<int:id>") { request in
    Destination(ProductScreen(id: try request.require("id", as: Int.self)), name: "Product")
}
try router.page("/order/<int:id>") { request in Destination(request.url, name: "Order") }
try router.page("/login", command: .presentInNavigation) { _ in Destination("login", name: "Login") }
try router.action("/cart/add/:sku") { request in request.answer(try request.require("sku", as: String.self)) }
try router.redirect("/item/:id", to: "/product/:id")
struct ShareHandler: PageHandler {
    @MainActor func makeDestination(for request: RouteRequest) throws -> Destination { Destination(request.url, name: "Share") }
    @MainActor func command(for request: RouteRequest) -> NavigationCommand { .present }
}
try router.handler("/share/:target", ShareHandler())
let backendSecret = Data("backend-link-secret".utf8)
let navigator = HeadlessNavigator()
router.navigator = navigator
// {{sample}}
