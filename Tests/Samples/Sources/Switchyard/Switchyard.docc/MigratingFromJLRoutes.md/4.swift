// sample: Sources/Switchyard/Switchyard.docc/MigratingFromJLRoutes.md #4 "router.addInterceptor(try LoginIntercept"
import Switchyard

actor Session: LoginState {
    func isLoggedIn() -> Bool { false }
}
let session = Session()
let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
// {{sample}}
