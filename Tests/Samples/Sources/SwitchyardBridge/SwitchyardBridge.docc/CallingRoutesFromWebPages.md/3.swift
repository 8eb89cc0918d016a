// sample: Sources/SwitchyardBridge/SwitchyardBridge.docc/CallingRoutesFromWebPages.md #3 "/// Serves the package in the app bundle"
// platform: ios
import Foundation
import WebKit
import Switchyard
import SwitchyardUIKit

let router = Router(configuration: RouterConfiguration(schemes: ["shop"]))
// {{sample}}
