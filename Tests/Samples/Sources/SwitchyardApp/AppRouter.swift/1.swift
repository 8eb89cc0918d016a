// sample: Sources/SwitchyardApp/AppRouter.swift #1 "let app = AppRouter(router: Router(confi"
import Switchyard

protocol CartService: Sendable {}
struct HomeModule: FeatureModule { let name = "Home"; func register(in app: AppRouter) throws {} }
struct ProductModule: FeatureModule { let name = "Product"; func register(in app: AppRouter) throws {} }
struct CartModule: FeatureModule { let name = "Cart"; func register(in app: AppRouter) throws {} }
let routes = RouterConfiguration(schemes: ["myapp"])
let calls = MediatorConfiguration(modules: ["ProductFeature"])
let windowNavigator = HeadlessNavigator()
// {{sample}}
