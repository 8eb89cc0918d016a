// sample: Sources/Switchyard/Switchyard.docc/MigratingFromCTMediator.md #1 "// ProductFeature: found by name at run "
import Switchyard

final class ProductViewController { init(productID: Int) {} }
let app = AppRouter()
// {{sample}}
