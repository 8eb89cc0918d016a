// sample: Sources/SwitchyardNavigation/SwitchyardNavigation.docc/RealScreens.md #3 "#if canImport(SwiftUI)"
// platform: ios
import Switchyard

public struct OrderScreen: PageContent {
    public let id: Int
}
// {{sample}}
