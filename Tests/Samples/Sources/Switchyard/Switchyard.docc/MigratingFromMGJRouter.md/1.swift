// sample: Sources/Switchyard/Switchyard.docc/MigratingFromMGJRouter.md #1 "let router = Router(configuration: Route"
import Switchyard

final class SearchViewController { init(keyword: String, color: String?) {} }
// {{sample}}
