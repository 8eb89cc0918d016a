// sample: Sources/SwitchyardUIKit/UIKitNavigator.swift #1 "let navigator = UIKitNavigator(window: w"
// platform: ios
import UIKit
import Switchyard
import SwitchyardUIKit

let router = Router(configuration: RouterConfiguration(schemes: ["myapp"]))
let window = UIWindow()
// {{sample}}
