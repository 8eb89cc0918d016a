// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #10 "let (overlaps, _) = router.table.overlap"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
try router.page("/user/list") { _ in Destination("users", name: "Users") }
try router.page("/user/:name") { request in Destination(request.url, name: "User") }
// {{sample}}
