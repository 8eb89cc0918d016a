// sample: Sources/Switchyard/Switchyard.docc/MigratingFromBeeHive.md #3 "public protocol ShopService: Sendable { "
import Switchyard

public struct Item: Sendable {}
protocol Checkout: Sendable {}
struct CheckoutFlow: Checkout { let shop: any ShopService }
let app = AppRouter()
// {{sample}}
