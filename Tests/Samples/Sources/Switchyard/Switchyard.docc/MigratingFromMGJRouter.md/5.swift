// sample: Sources/Switchyard/Switchyard.docc/MigratingFromMGJRouter.md #5 "router.addInterceptor(try LoginIntercept"
import Switchyard

actor Session: LoginState {
    func isLoggedIn() -> Bool { false }
}
let session = Session()
let router = Router(configuration: RouterConfiguration(schemes: ["mgj"]))
// {{sample}}
