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

/// The headless navigator's window as SwiftUI state: each layer's `NavigationStack` path
/// and whether the next layer is up as a sheet or a full-screen cover.
///
/// Changes SwiftUI makes itself — a back swipe, a sheet swiped down — are reported to the
/// navigator (``HeadlessNavigator/didPop(layer:keeping:)``, ``HeadlessNavigator/didDismiss(layer:)``),
/// so the router's view of the window stays true.
@MainActor
public final class NavigationModel: ObservableObject {
    /// The navigator the router drives; attach it to the router, and keep this model alive.
    public let navigator: HeadlessNavigator
    /// The window as the navigator holds it, published for SwiftUI on every change.
    @Published public private(set) var state: WindowState

    /// A model that follows `navigator`'s window.
    public init(navigator: HeadlessNavigator) {
        self.navigator = navigator
        self.state = navigator.state
        let changes = navigator.changes()
        Task { [weak self] in
            for await state in changes {
                guard let self else { return }
                self.state = state
            }
        }
    }

    /// The screen with this id, wherever it is.
    func screen(id: Int) -> Screen? {
        state.screens.first { $0.id == id }
    }

    func root(of layer: Int) -> Screen? {
        layer < state.layers.count ? state[layer: layer].stackPath.root : nil
    }

    func path(_ layer: Int) -> Binding<[Int]> {
        Binding(
            get: { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, layer < self.state.layers.count else { return [] }
                    return self.state[layer: layer].stackPath.path
                }
            },
            set: { [weak self] path in
                MainActor.assumeIsolated { self?.navigator.didPop(layer: layer, keeping: path.count + 1) }
            }
        )
    }

    /// The selected tab; setting it records a tab the user selected.
    var selectedTab: Binding<String> {
        Binding(
            get: { [weak self] in MainActor.assumeIsolated { self?.state.selectedTab ?? "" } },
            set: { [weak self] identifier in MainActor.assumeIsolated { self?.navigator.didSelect(tab: identifier) } }
        )
    }

    func tabRoot(_ identifier: String) -> Screen? {
        state.tab(identifier)?.stack.stackPath.root
    }

    /// A tab's stack as a `NavigationStack` path; setting it records a pop in that tab.
    func tabPath(_ identifier: String) -> Binding<[Int]> {
        Binding(
            get: { [weak self] in MainActor.assumeIsolated { self?.state.tab(identifier)?.stack.stackPath.path ?? [] } },
            set: { [weak self] path in MainActor.assumeIsolated { self?.navigator.didPop(tab: identifier, keeping: path.count + 1) } }
        )
    }

    func columnRoot(_ column: SplitColumns.Column) -> Screen? {
        state.split?[column]?.stackPath.root
    }

    /// A split view column's stack as a `NavigationStack` path; setting it records a pop there.
    func columnPath(_ column: SplitColumns.Column) -> Binding<[Int]> {
        Binding(
            get: { [weak self] in MainActor.assumeIsolated { self?.state.split?[column]?.stackPath.path ?? [] } },
            set: { [weak self] path in MainActor.assumeIsolated { self?.navigator.didPop(column: column, keeping: path.count + 1) } }
        )
    }

    /// Whether the layer above `layer` is up with `presentation`; setting `false` records a dismissal.
    func isPresenting(above layer: Int, as presentation: ScreenLayer.Presentation) -> Binding<Bool> {
        Binding(
            get: { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, layer + 1 < self.state.layers.count else { return false }
                    return self.state[layer: layer + 1].presentation == presentation
                }
            },
            set: { [weak self] presented in
                MainActor.assumeIsolated {
                    if !presented { self?.navigator.didDismiss(layer: layer + 1) }
                }
            }
        )
    }
}
#endif
