// sample: Sources/Switchyard/Switchyard.docc/MigratingFromBeeHive.md #4 "app.router.addInterceptor(try LoginInter"
import Switchyard

actor Session: LoginState {
    func isLoggedIn() -> Bool { false }
}
let app = AppRouter()
let session = Session()
// {{sample}}
