// sample: Sources/SwitchyardNavigation/Destination.swift #1 "try router.page("/product/:id") { reques"
import Switchyard

final class ProductViewController { init(id: Int) {} }
let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
// {{sample}}
