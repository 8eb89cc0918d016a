#if canImport(SwiftUI)
import SwiftUI
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Shows a ``HeadlessNavigator``'s window: a `NavigationStack` per layer, and the layers
/// above it as sheets or full-screen covers.
///
/// ```swift
/// @StateObject var model = NavigationModel(navigator: appNavigator)
/// var body: some View {
///     RoutedWindow(model: model) { screen in
///         screen.destination.content(as: AnyView.self) ?? AnyView(Text(screen.name))
///     }
/// }
/// ```
public struct RoutedWindow<Content: View>: View {
    @ObservedObject private var model: NavigationModel
    private let content: (Screen) -> Content

    public init(model: NavigationModel, @ViewBuilder content: @escaping (Screen) -> Content) {
        self.model = model
        self.content = content
    }

    public var body: some View {
        RoutedLayer(model: model, layer: 0, content: content)
    }
}

extension RoutedWindow where Content == AnyView {
    /// Shows each screen's content when it is an `AnyView`, else its name.
    public init(model: NavigationModel) {
        self.init(model: model) { screen in
            screen.destination.content(as: AnyView.self) ?? AnyView(Text(screen.name))
        }
    }
}

/// One layer: its stack, and what it presents.
struct RoutedLayer<Content: View>: View {
    @ObservedObject var model: NavigationModel
    let layer: Int
    let content: (Screen) -> Content

    var body: some View {
        NavigationStack(path: model.path(layer)) {
            rootView
                .navigationDestination(for: Int.self) { id in
                    if let screen = model.screen(id: id) { content(screen) }
                }
        }
        .sheet(isPresented: model.isPresenting(above: layer, as: .sheet)) {
            AnyView(RoutedLayer(model: model, layer: layer + 1, content: content))
        }
        #if !os(macOS)
        .fullScreenCover(isPresented: model.isPresenting(above: layer, as: .fullScreen)) {
            AnyView(RoutedLayer(model: model, layer: layer + 1, content: content))
        }
        #endif
    }

    @ViewBuilder private var rootView: some View {
        if let root = model.root(of: layer) {
            content(root)
        }
    }
}
#endif
