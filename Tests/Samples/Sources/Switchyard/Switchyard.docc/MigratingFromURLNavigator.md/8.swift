// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #8 "try configuration.register(ParameterConv"
import Switchyard

struct User: Sendable { let id: Int }
enum UserDirectory { static func cached(_ id: Int) -> User? { User(id: id) } }
struct UnknownUser: Error { init(_ text: String) {} }
final class ProfileViewController { init(user: User) {} }
var configuration = RouterConfiguration(schemes: ["myapp"])
// {{sample}}
