// sample: Sources/SwitchyardApp/AppRouter+Everyday.swift #1 "let app = AppRouter(tabs: ["home", "orde"
import Switchyard

struct OrdersModule: FeatureModule {
    let name = "Orders"
    func register(in app: AppRouter) throws {}
}
struct AccountModule: FeatureModule {
    let name = "Account"
    func register(in app: AppRouter) throws {}
}
// {{sample}}
