// sample: Sources/Switchyard/Switchyard.docc/MigratingFromMGJRouter.md #6 "let (overlaps, _) = router.table.overlap"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["mgj"]))
try router.page("/product/list") { _ in Destination("list", name: "ProductList") }
try router.page("/product/:id") { request in Destination(request.url, name: "Product") }
// {{sample}}
