#if canImport(SwiftUI) && canImport(UIKit)
import ShopShell
import SwiftUI
import Switchyard
import SwitchyardSwiftUI

/// One window: a tab bar shown by ``RoutedWindow`` from a ``HeadlessNavigator`` attached to the
/// router for this scene. At launch the router puts each tab's home in place, then what the
/// window showed when the system relaunches it, then the links it is handed; it becomes the
/// router's default navigator while it is in front.
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

    /// A link `onOpenURL` hands over before this runs waits in the router for the launch, and
    /// opens over what it puts in place.
    private func connect() async {
        let (router, scene) = (shell.router, sceneID)
        router.attach(model.navigator, scene: scene)
        model.navigator.onSceneRequest = { url in openWindow(id: Self.pageWindow, value: url) }
        // A tab whose home waited for login opens it when the user goes there.
        model.navigator.onTabSelected = { tab in Task { await router.didSelectTab(tab, scene: scene) } }
        if let url {
            // A window a page asked for shows that page and nothing else.
            _ = await router.handleIncoming(url, scene: scene)
        } else {
            // A saved window that no longer restores is refused whole and logged: the homes stay.
            await router.launch(scene: scene, restoring: savedWindow)
        }
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
