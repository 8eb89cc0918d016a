// sample: Sources/SwitchyardTypedRoutes/SwitchyardTypedRoutes.docc/TypedRoutes.md #4 "import SwitchyardTesting"
import Switchyard
import Testing

let app = AppRouter(router: Router(configuration: RouterConfiguration(schemes: ["shop"])))
// {{sample}}
