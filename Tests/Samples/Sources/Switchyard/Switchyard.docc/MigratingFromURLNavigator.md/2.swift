// sample: Sources/Switchyard/Switchyard.docc/MigratingFromURLNavigator.md #2 "let router = Router(configuration: Route"
// platform: ios
import UIKit
import Switchyard
import SwitchyardUIKit

final class UserViewController: UIViewController {
    init(userID: Int) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}
@MainActor enum AlertPresenter { static func show(title: String?, message: String?) {} }

// The object that owns the window and its navigator (an app or scene delegate).
@MainActor
final class AppCoordinator {
    let window = UIWindow()
    var navigator: UIKitNavigator?

    func startRouting() throws {
// {{sample}}
    }
}
