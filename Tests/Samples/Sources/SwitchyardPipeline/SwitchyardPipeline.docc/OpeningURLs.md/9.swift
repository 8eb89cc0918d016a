// sample: Sources/SwitchyardPipeline/SwitchyardPipeline.docc/OpeningURLs.md #9 "let router = Router(configuration: Route"
import Switchyard

/// The app's session: nobody is logged in at a cold start.
final class Session: LoginState {
    func isLoggedIn() async -> Bool { false }
}
// {{sample}}