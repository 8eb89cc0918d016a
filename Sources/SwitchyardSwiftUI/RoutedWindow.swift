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

/// Shows a ``HeadlessNavigator``'s window: its root (a `NavigationStack`, a `TabView` with a
/// stack per tab, or a `NavigationSplitView` with a stack per column) and the layers above it
/// as sheets or full-screen covers.
///
/// ```swift
/// @StateObject var model = NavigationModel(navigator: appNavigator)
/// var body: some View {
///     RoutedWindow(model: model) { screen in
///         screen.destination.content(as: AnyView.self) ?? AnyView(Text(screen.name))
///     }
/// }
/// ```
///
/// Main-actor isolated as a whole, as iOS 18 makes every `View`: written so, it compiles the
/// same against older SDKs, where only `body` is.
@MainActor
public struct RoutedWindow<Content: View>: View {
    @ObservedObject private var model: NavigationModel
    private let tabLabel: (String) -> AnyView
    private let content: (Screen) -> Content

    /// - Parameter tabLabel: each tab's item in a tab bar window, by tab identifier; default its identifier.
    public init(
        model: NavigationModel, tabLabel: @escaping (String) -> AnyView = { AnyView(Text($0)) },
        @ViewBuilder content: @escaping (Screen) -> Content
    ) {
        self.model = model
        self.tabLabel = tabLabel
        self.content = content
    }

    public var body: some View {
        if !model.state.tabs.isEmpty {
            TabView(selection: model.selectedTab) {
                ForEach(model.state.tabs.map(\.id), id: \.self) { identifier in
                    RoutedStack(model: model, root: model.tabRoot(identifier), path: model.tabPath(identifier), content: content)
                        .tabItem { tabLabel(identifier) }
                        .tag(identifier)
                }
            }
            .routedModals(above: 0, model: model, content: content)
        } else if let split = model.state.split {
            splitView(hasSupplementary: split.supplementary != nil)
                .routedModals(above: 0, model: model, content: content)
                .reportingCollapse(to: model)
        } else {
            RoutedLayer(model: model, layer: 0, content: content)
        }
    }

    @ViewBuilder private func splitView(hasSupplementary: Bool) -> some View {
        if hasSupplementary {
            NavigationSplitView {
                column(.primary)
            } content: {
                column(.supplementary)
            } detail: {
                column(.detail)
            }
        } else {
            NavigationSplitView {
                column(.primary)
            } detail: {
                column(.detail)
            }
        }
    }

    private func column(_ column: SplitColumns.Column) -> RoutedStack<Content> {
        RoutedStack(model: model, root: model.columnRoot(column), path: model.columnPath(column), content: content)
    }
}

extension RoutedWindow where Content == AnyView {
    /// Shows each screen's content (``SwitchyardNavigation/Screen/pageView``): a view, or the
    /// controller its page content makes; else its name.
    public init(model: NavigationModel) {
        self.init(model: model) { screen in
            screen.pageView ?? AnyView(Text(screen.name))
        }
    }
}

/// One stack: its root screen, and the screens pushed on it by id.
@MainActor
struct RoutedStack<Content: View>: View {
    @ObservedObject var model: NavigationModel
    let root: Screen?
    let path: Binding<[Int]>
    let content: (Screen) -> Content

    var body: some View {
        NavigationStack(path: path) {
            rootView
                .navigationDestination(for: Int.self) { id in
                    if let screen = model.screen(id: id) { content(screen) }
                }
        }
    }

    @ViewBuilder private var rootView: some View {
        if let root { content(root) }
    }
}

/// One layer: its stack, and what it presents.
@MainActor
struct RoutedLayer<Content: View>: View {
    @ObservedObject var model: NavigationModel
    let layer: Int
    let content: (Screen) -> Content

    var body: some View {
        RoutedStack(model: model, root: model.root(of: layer), path: model.path(layer), content: content)
            .routedModals(above: layer, model: model, content: content)
    }
}

extension View {
    /// Tells the navigator when a split view collapses to one stack (compact width) or
    /// expands, as `NavigationSplitView` does by itself; going back then follows the columns.
    @MainActor
    func reportingCollapse(to model: NavigationModel) -> some View {
        #if os(iOS) || os(visionOS) || os(Linux)
        CollapseReporting(model: model, content: self)
        #else
        self
        #endif
    }

    /// The layer above `layer`, as a sheet or a full-screen cover.
    @MainActor
    func routedModals<Content: View>(above layer: Int, model: NavigationModel, content: @escaping (Screen) -> Content) -> some View {
        #if os(macOS)
        sheet(isPresented: model.isPresenting(above: layer, as: .sheet)) {
            AnyView(RoutedLayer(model: model, layer: layer + 1, content: content))
        }
        #else
        sheet(isPresented: model.isPresenting(above: layer, as: .sheet)) {
            AnyView(RoutedLayer(model: model, layer: layer + 1, content: content))
        }
        .fullScreenCover(isPresented: model.isPresenting(above: layer, as: .fullScreen)) {
            AnyView(RoutedLayer(model: model, layer: layer + 1, content: content))
        }
        #endif
    }
}
#if os(iOS) || os(visionOS) || os(Linux)
/// Reads the horizontal size class and reports it to the navigator, now and on each change:
/// `task(id:)` runs when the view appears and again whenever the value changes, on every iOS
/// the package supports, where `onChange(of:perform:)` is deprecated from iOS 17 and its
/// successor is iOS 17 only. (Linux is listed for the stand-ins CI compiles this against.)
@MainActor
struct CollapseReporting<Content: View>: View {
    @ObservedObject var model: NavigationModel
    @Environment(\.horizontalSizeClass) private var sizeClass
    let content: Content

    var body: some View {
        content.task(id: sizeClass) { model.navigator.setSplitCollapsed(sizeClass == .compact) }
    }
}
#endif
#endif
