// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #3 "@Route("/user/<int:id>")"
import Switchyard

final class UserViewController { init(userID: Int) {} }
let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
// {{sample}}
