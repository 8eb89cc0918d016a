#if canImport(UIKit)
import ShopShell
import Switchyard
import SwitchyardUIKit
import UIKit

/// Shows one of the modules' pages (their screen models carry no UI of their own) or a tab's
/// root, with a button for the route log.
final class ScreenViewController: UIViewController {
    private let label = UILabel()

    init(destination: Destination) {
        super.init(nibName: nil, bundle: nil)
        title = destination.name
        label.text = (destination.content as? NotFoundScreen).map { "Nothing opens \($0.url)\n\($0.reason)" } ?? destination.name
    }

    init(tab: String) {
        super.init(nibName: nil, bundle: nil)
        title = tab.capitalized
        label.text = tab.capitalized
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        label.numberOfLines = 0
        label.frame = view.bounds
        view.addSubview(label)
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .bookmarks, primaryAction: UIAction { [weak self] _ in
            guard let recorder = AppDelegate.shell.router.recorder else { return }
            self?.present(UINavigationController(rootViewController: RouteDebugPanelController(recorder: recorder)), animated: true)
        })
    }
}
#endif
