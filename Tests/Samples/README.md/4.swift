// sample: README.md #4 "final class SceneDelegate: UIResponder, "
// platform: ios
import UIKit
import Switchyard
import SwitchyardUIKit

let router = Router(settings: PipelineSettings(tabs: ["home", "cart", "orders", "me"]))
// {{sample}}
