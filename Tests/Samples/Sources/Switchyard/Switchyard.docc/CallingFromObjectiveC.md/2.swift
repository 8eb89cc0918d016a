// sample: Sources/Switchyard/Switchyard.docc/CallingFromObjectiveC.md #2 "final class AppDelegate: UIResponder, UI"
// platform: ios
import Foundation
import Switchyard
import SwitchyardObjC
import UIKit

// What the app has: a Swift module, and the Objective-C ShopModule as the bridging header shows it.
struct CartModule: FeatureModule {
    let name = "Cart"
    func register(in app: AppRouter) throws {}
}

final class ShopModule: NSObject, SWYModule {
    var moduleName: String { "Shop" }
    func register(in app: SWYApp) throws {}
}
// {{sample}}
