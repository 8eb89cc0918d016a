// sample: Sources/Switchyard/Switchyard.docc/MigratingFromJLRoutes.md #6 "let (overlaps, _) = router.table.overlap"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
try router.page("/post/edit/:id") { request in Destination(request.url, name: "EditPost") }
try router.action("/:object/:action/:id") { _ in }
// {{sample}}
