// sample: Sources/SwitchyardTesting/SwitchyardTesting.docc/TestingAnApp.md #3 "let router = Router(configuration: Route"
import Switchyard
import SwitchyardTesting

@MainActor
func sample3() async throws {
    // {{sample}}
}
