// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #4 "navigator.push("myapp://user/10", contex"
// platform: ios
import UIKit

// The block is URLNavigator's code, the "before" of this guide: stand-ins with the signatures of
// URLNavigator 2's API (`NavigatorProtocol` and its defaults, with UIKit's classes for its
// `UINavigationControllerType`/`UIViewControllerType`).
protocol URLConvertible {}
extension String: URLConvertible {}
final class Navigator {
    @discardableResult
    func push(_ url: URLConvertible, context: Any? = nil, from: UINavigationController? = nil, animated: Bool = true) -> UIViewController? { nil }
    @discardableResult
    func present(
        _ url: URLConvertible, context: Any? = nil, wrap: UINavigationController.Type? = nil, from: UIViewController? = nil,
        animated: Bool = true, completion: (() -> Void)? = nil
    ) -> UIViewController? { nil }
    @discardableResult
    func open(_ url: URLConvertible, context: Any? = nil) -> Bool { false }
}
let navigator = Navigator()
// {{sample}}
