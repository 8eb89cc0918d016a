#if canImport(SwiftUI) && canImport(UIKit) && !os(Linux)
import SwiftUI
import Switchyard
import UIKit

// The home screen's view: what the screen model (HomeModule.swift) shows on iOS, in SwiftUI.

extension HomeScreen {
    public func makeViewController() -> UIViewController { UIHostingController(rootView: HomeView(screen: self)) }
}

struct HomeView: View {
    let screen: HomeScreen

    var body: some View {
        Text(screen.greeting).navigationTitle("Home")
    }
}
#endif
