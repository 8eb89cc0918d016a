// sample: Sources/Switchyard/Switchyard.docc/MigratingFromMGJRouter.md #3 "try router.page("/search_top_bar") { _ i"
import Switchyard

final class SearchTopBar {}
let router = Router(configuration: RouterConfiguration(schemes: ["mgj"]))
// {{sample}}
