// sample: README.md #3 "@SceneStorage("window") private var save"
// platform: ios
import SwiftUI
import Switchyard
import SwitchyardSwiftUI

@MainActor
struct ShopWindow: View {
    let router: Router
    let sceneID: String
    @StateObject private var model = NavigationModel(navigator: HeadlessNavigator())
// {{sample}}
}
