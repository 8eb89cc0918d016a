// sample: Sources/SwitchyardTesting/SwitchyardTesting.docc/TestingAnApp.md #4 "let router = Router()"
import Switchyard
import SwitchyardTesting

@MainActor
func sample4() async throws {
    // {{sample}}
}
