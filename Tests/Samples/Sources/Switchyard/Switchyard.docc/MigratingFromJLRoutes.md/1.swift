// sample: Sources/Switchyard/Switchyard.docc/MigratingFromJLRoutes.md #1 "try router.page("/user/view/:userID") { "
import Switchyard

final class UserViewController { init(userID: String) {} }
actor Cart { func add(sku: String) {} }
let cart = Cart()
let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
// {{sample}}
