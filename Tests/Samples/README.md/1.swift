// sample: README.md #1 "import Switchyard"
// The tour's other modules and screens: Tests/EverydayApp has them whole.
struct OrdersScreen: PageContent {}
struct OrderScreen: PageContent { let id: Int }
struct HomeModule: FeatureModule {
    let name = "Home"
    func register(in app: AppRouter) throws {}
}
struct AccountModule: FeatureModule {
    let name = "Account"
    func register(in app: AppRouter) throws {}
}
// {{sample}}
_ = count
