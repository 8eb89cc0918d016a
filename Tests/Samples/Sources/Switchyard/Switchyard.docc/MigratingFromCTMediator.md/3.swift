// sample: Sources/Switchyard/Switchyard.docc/MigratingFromCTMediator.md #3 "public struct Target_NoTargetAction: Med"
import Switchyard

enum Analytics { static func track(_ event: String) {} }
let mediator = Mediator()
// {{sample}}
