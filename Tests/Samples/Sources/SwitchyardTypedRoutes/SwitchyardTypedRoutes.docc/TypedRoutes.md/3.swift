// sample: Sources/SwitchyardTypedRoutes/SwitchyardTypedRoutes.docc/TypedRoutes.md #3 "@Route("/cart/pick/:category")"
import Switchyard
import SwitchyardTypedRoutes

struct Item: Sendable { let sku: String }
func pick(_ category: String) async throws -> Item { Item(sku: "\(category)-1") }
let app = AppRouter(router: Router(configuration: RouterConfiguration(schemes: ["shop"])))
let router = app.router
// {{sample}}
