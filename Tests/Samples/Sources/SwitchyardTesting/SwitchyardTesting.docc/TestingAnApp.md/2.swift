// sample: Sources/SwitchyardTesting/SwitchyardTesting.docc/TestingAnApp.md #2 "// No duplicate guard: a test opens the "
import Switchyard
import SwitchyardTesting

@MainActor
func sample2() async throws {
    // {{sample}}
}
