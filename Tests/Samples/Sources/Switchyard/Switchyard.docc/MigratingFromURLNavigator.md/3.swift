// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #3 "@Route("/user/<int:id>")"
import Switchyard
import SwitchyardTypedRoutes

final class UserViewController { init(userID: Int) {} }
let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
// {{sample}}
