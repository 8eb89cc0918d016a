// sample: Sources/Switchyard/Switchyard.docc/MigratingFromMGJRouter.md #4 "let url = try router.table.url(for: "/se"
import Switchyard

let router = Router(configuration: RouterConfiguration(schemes: ["mgj"]))
// {{sample}}
