// sample: Sources/SwitchyardNavigation/PageContent.swift #1 "public struct OrderScreen: PageContent {"
// platform: ios
import Switchyard
import UIKit

final class OrderViewController: UIViewController {
    init(id: Int) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

// {{sample}}
