// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #9 "struct RequireLogin: Interceptor {"
import Switchyard

actor Session { func isLoggedIn() -> Bool { false } }
let session = Session()
let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
// {{sample}}
