// sample: Sources/SwitchyardSwiftUI/RoutedWindow.swift #1 "@StateObject var model = NavigationModel"
// platform: ios
import SwiftUI
import Switchyard
import SwitchyardSwiftUI

let appNavigator = HeadlessNavigator()

@MainActor
struct AppWindow: View {
// {{sample}}
}
