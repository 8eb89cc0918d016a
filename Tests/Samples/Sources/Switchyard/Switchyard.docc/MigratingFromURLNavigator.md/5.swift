// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #5 "await router.open("myapp://user/10", par"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
try router.page("/user/<int:id>") { request in Destination(request.url, name: "User") }
try router.action("/alert") { _ in }
// {{sample}}
