// sample: Sources/SwitchyardNavigation/RouteReceiver.swift #1 "final class ProductViewController: UIVie"
// platform: ios
import UIKit
import Switchyard

enum Tab: String, RouteParameterValue { case details, reviews }
struct Item: Sendable {}
// {{sample}}
