// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #1 "let navigator = Navigator()"
import Foundation
import Switchyard

// The block is URLNavigator's code, the "before" of this guide: stand-ins with the signatures of
// URLNavigator 2's API, whose `Navigator` class hides Switchyard's protocol of that name here.
class UIViewController {}
typealias ViewControllerFactory = (_ url: URLConvertible, _ values: [String: Any], _ context: Any?) -> UIViewController?
typealias URLOpenHandlerFactory = (_ url: URLConvertible, _ values: [String: Any], _ context: Any?) -> Bool
protocol URLConvertible { var queryParameters: [String: String] { get } }
final class Navigator {
    init() {}
    func register(_ pattern: String, _ factory: @escaping ViewControllerFactory) {}
    func handle(_ pattern: String, _ factory: @escaping URLOpenHandlerFactory) {}
}
final class UserViewController: UIViewController { init(userID: Int) {} }
enum AlertPresenter { static func show(title: String?, message: String?) {} }
// {{sample}}
