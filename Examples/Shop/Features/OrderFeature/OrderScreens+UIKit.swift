#if canImport(UIKit) && !os(Linux)
import Switchyard
import UIKit

// The order screens' view controllers: what the screen models (OrderModule.swift) show on iOS.
// The routing that opens them is tested on Linux; these are type-checked against Apple's SDK.

extension OrdersScreen {
    public func makeViewController() -> UIViewController { OrdersViewController() }
}

extension OrderScreen {
    public func makeViewController() -> UIViewController { OrderViewController(screen: self) }
}

/// The Orders tab's list.
final class OrdersViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Orders"
    }
}

/// One order: its number, in the middle of the screen.
final class OrderViewController: UIViewController {
    private let screen: OrderScreen

    init(screen: OrderScreen) {
        self.screen = screen
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = screen.title
        view.backgroundColor = .systemBackground
        let label = UILabel()
        label.text = screen.title
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}
#endif
