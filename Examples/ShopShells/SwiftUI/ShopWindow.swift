#if canImport(SwiftUI) && canImport(UIKit)
import ShopShell
import SwiftUI
import Switchyard
import SwitchyardSwiftUI

/// One window: a tab bar shown by ``RoutedWindow`` from a ``HeadlessNavigator`` attached to the
/// router for this scene. It restores what it showed when the system relaunches it, opens the
/// links it is handed, and becomes the router's default navigator while it is in front.
@MainActor
struct ShopWindow: View {
    /// The window group of pages that ask for a window of their own.
    static let pageWindow = "page"

    let shell: ShopShell
    /// The URL of a page that asked for this window; `nil` for a shop window.
    let url: String?
    @StateObject private var model = NavigationModel(navigator: (try? HeadlessNavigator(tabs: ShopShell.tabs)) ?? HeadlessNavigator())
    @SceneStorage("window") private var savedWindow: Data?
    @SceneStorage("scene") private var sceneID = UUID().uuidString
    @Environment(\.scenePhase) private var phase
    @Environment(\.openWindow) private var openWindow

    var body: some View {
        RoutedWindow(model: model, tabLabel: { AnyView(Text($0.capitalized)) }) { screen in
            ScreenView(screen: screen)
        }
        .task { await connect() }
        .task(id: phase) { phaseChanged(phase) }
        .onOpenURL { url in open(url.absoluteString, via: .openURL) }
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
            if let url = activity.webpageURL { open(url.absoluteString, via: .userActivity) }
        }
    }

    private func connect() async {
        let router = shell.router
        router.attach(model.navigator, scene: sceneID)
        model.navigator.onSceneRequest = { url in openWindow(id: Self.pageWindow, value: url) }
        // A saved window that no longer restores is refused whole and logged: the window starts clean.
        if url == nil, let savedWindow { await router.restore(savedWindow, scene: sceneID) }
        if let url { _ = await router.handleIncoming(url, scene: sceneID) }
    }

    private func phaseChanged(_ phase: ScenePhase) {
        switch phase {
        case .active: shell.router.navigator = model.navigator
        case .background: savedWindow = model.navigator.state.saved().window.encoded()
        default: break
        }
    }

    private func open(_ url: String, via origin: IncomingOrigin) {
        let (router, scene) = (shell.router, sceneID)
        Task { _ = await router.handleIncoming(url, via: origin, scene: scene) }
    }
}

/// One of the modules' pages (their screen models carry no UI of their own).
@MainActor
struct ScreenView: View {
    let screen: Screen

    var body: some View {
        if let notFound = screen.destination.content as? NotFoundScreen {
            Text("Nothing opens \(notFound.url)\n\(notFound.reason)")
        } else {
            Text(screen.name).navigationTitle(screen.name)
        }
    }
}
#endif
