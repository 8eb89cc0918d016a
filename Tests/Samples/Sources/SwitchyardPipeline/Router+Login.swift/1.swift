// sample: Sources/SwitchyardPipeline/Router+Login.swift #1 "try router.requireLogin(for: ["/orders","
import Switchyard

actor Session: LoginState {
    func isLoggedIn() -> Bool { true }
}
let session = Session()
let router = Router()
// {{sample}}
