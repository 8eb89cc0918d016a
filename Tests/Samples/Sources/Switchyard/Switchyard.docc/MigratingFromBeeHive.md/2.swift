// sample: Sources/Switchyard/Switchyard.docc/MigratingFromBeeHive.md #2 "let app = AppRouter()"
import Switchyard

struct HomeModule: FeatureModule { let name = "Home"; func register(in app: AppRouter) throws {} }
struct ShopModule: FeatureModule { let name = "Shop"; func register(in app: AppRouter) throws {} }
struct TradeModule: FeatureModule { let name = "Trade"; func register(in app: AppRouter) throws {} }
struct User { let id: String }
let user = User(id: "42")
// {{sample}}
