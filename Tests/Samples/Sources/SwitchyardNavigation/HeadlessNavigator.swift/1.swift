// sample: Sources/SwitchyardNavigation/HeadlessNavigator.swift #1 "let navigator = HeadlessNavigator()"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
try router.page("/home") { _ in Destination("home", name: "Home") }
try router.page("/orders") { _ in Destination("orders", name: "Orders") }
try router.page("/order/:id", parents: ["/home", "/orders"]) { request in
    Destination(request.url, name: "Order(\(try request.require("id", as: Int.self)))")
}
func render(_ state: WindowState) {}
// {{sample}}
