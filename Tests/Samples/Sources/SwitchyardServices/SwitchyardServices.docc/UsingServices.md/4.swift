// sample: Sources/SwitchyardServices/SwitchyardServices.docc/UsingServices.md #4 "// Made in a module's load step, so @Inj"
import Switchyard

// From block 1, "Declare and register".
public protocol Payments: Sendable { func charge(cents: Int) async throws -> String }
public protocol Analytics: Sendable { func track(_ event: String) }
let app = AppRouter()
// {{sample}}
