// sample: Sources/SwitchyardNavigation/SwitchyardNavigation.docc/RealScreens.md #2 "#if canImport(UIKit)"
// platform: ios
import Switchyard

public struct OrderScreen: PageContent {
    public let id: Int
}
// {{sample}}
