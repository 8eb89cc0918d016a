// sample: Sources/Switchyard/Switchyard.docc/MigratingFromCTMediator.md #4 "var calls = MediatorConfiguration(module"
import Switchyard

final class ProductViewController { init(productID: Int) {} }
// {{sample}}
