import SwitchyardRouting

/// A navigator that keeps the whole window in memory as a ``WindowState``: the root stack,
/// the modals above it, and each screen's route and request.
///
/// It applies every step with UIKit's semantics (push without a navigation container
/// presents; pop to a route finds the nearest such screen; dismiss all returns to the root),
/// rejects impossible steps with a ``NavigationError`` leaving the state unchanged, and
/// publishes every change. Tests, the demo and the SwiftUI adapter run on it.
///
/// ```swift
/// let navigator = HeadlessNavigator()
/// router.navigator = navigator
/// await router.open("myapp://order/42", source: .deepLink)
/// let outline = navigator.state.outline     // ["root: Home > Orders > Order(42)"]
/// for await state in navigator.changes() { render(state) }
/// ```
@MainActor
public final class HeadlessNavigator: Navigator {
    /// The window now.
    public private(set) var state: WindowState
    /// The routes shown, bounded.
    public private(set) var history: NavigationHistory
    private var nextID = 1
    private var custom: [String: CustomNavigation] = [:]
    private var subscribers: [Int: AsyncStream<WindowState>.Continuation] = [:]
    private var nextSubscriber = 0

    /// An empty window.
    ///
    /// - Parameters:
    ///   - rootHasNavigation: Whether the root stack has a navigation container; without one, a push
    ///     presents a sheet.
    ///   - historyCapacity: How many shown routes ``history`` keeps (at least 1).
    public convenience init(rootHasNavigation: Bool = true, historyCapacity: Int = 50) {
        self.init(WindowState(rootHasNavigation: rootHasNavigation), historyCapacity: historyCapacity)
    }

    /// An empty window whose root is a tab bar with these tabs; see ``WindowState/init(tabs:selected:reselectingPopsToRoot:)``.
    public convenience init(tabs: [String], selected: String? = nil, reselectingPopsToRoot: Bool = true, historyCapacity: Int = 50) throws(NavigationError) {
        self.init(try WindowState(tabs: tabs, selected: selected, reselectingPopsToRoot: reselectingPopsToRoot), historyCapacity: historyCapacity)
    }

    /// An empty window whose root is a split view with these columns.
    public convenience init(split: SplitColumns, historyCapacity: Int = 50) {
        self.init(WindowState(split: split), historyCapacity: historyCapacity)
    }

    private init(_ state: WindowState, historyCapacity: Int) {
        self.state = state
        history = NavigationHistory(capacity: historyCapacity)
    }

    /// Records a change of width the platform made: a split view collapses to one stack
    /// (compact) or expands to columns; nothing for a window without a split view.
    public func setSplitCollapsed(_ collapsed: Bool) {
        guard state.split != nil, state.split?.isCollapsed != collapsed else { return }
        state.split?.isCollapsed = collapsed
        publish()
    }

    /// Whether no screen is shown yet.
    public var isEmpty: Bool { state.isEmpty }

    /// Whether the stack a page with `home` goes to is empty: see ``WindowState/isEmpty(at:)``.
    public func isEmpty(at home: PageHome?) -> Bool { state.isEmpty(at: home) }

    /// The window's tabs or columns: ``WindowState/places``.
    public var places: [PageHome] { state.places }
    /// The selected tab, or a split view's detail column: ``WindowState/currentPlace``.
    public var currentPlace: PageHome? { state.currentPlace }
    /// Whether a modal layer is up.
    public var isPresenting: Bool { !state.modals.isEmpty }

    /// The route patterns of the stack at `place`, bottom first: ``WindowState/stack(at:)``.
    public func routes(at place: PageHome?) -> [String]? {
        state.stack(at: place).map { $0.map { $0.pattern ?? $0.name } }
    }

    /// Applies `step` to ``state``, records each shown route in ``history``, publishes the new state,
    /// then calls the step's completion.
    ///
    /// Throws a ``NavigationError`` when the step is impossible; the state and history are then
    /// unchanged and the completion is not called.
    public func perform(_ step: NavigationStep) throws {
        try state.apply(step.action, home: step.home, revealsHome: step.revealsHome, makeScreen: { destination, request in
            defer { nextID += 1 }
            return Screen(id: nextID, destination: destination, request: request)
        }, custom: custom)
        history.record(step, selectedTab: state.selectedTab)
        publish()
        step.completion?()
    }

    /// Web pages handed to the browser, oldest first (the last 50).
    public private(set) var openedExternally: [String] = []
    /// Called with each page handed to the browser: SwiftUI apps pass the environment's `openURL`.
    public var onOpenExternally: (@MainActor (String) -> Void)?

    /// Records `url` in ``openedExternally`` and passes it to ``onOpenExternally``; never throws.
    public func openExternally(_ url: String) throws {
        Self.keep(url, in: &openedExternally)
        onOpenExternally?(url)
    }

    /// Appends to a record of URLs handed on, keeping the last 50.
    private static func keep(_ url: String, in record: inout [String]) {
        record.append(url)
        if record.count > 50 { record.removeFirst() }
    }

    /// URLs it was asked to open in a new scene, oldest first (the last 50).
    public private(set) var requestedScenes: [String] = []
    /// Called with each URL asked to open in a new scene: a test or demo connects a second
    /// scene there, as the system would.
    public var onSceneRequest: (@MainActor (String) -> Void)?

    /// Records `url` in ``requestedScenes`` and passes it to ``onSceneRequest``; never throws.
    public func requestScene(for url: String) throws {
        Self.keep(url, in: &requestedScenes)
        onSceneRequest?(url)
    }

    /// Teaches the navigator an app-defined ``NavigationCommand/custom(_:)`` command.
    public func registerCustomCommand(_ name: String, _ apply: @escaping CustomNavigation) {
        custom[name] = apply
    }

    /// Pops to the nearest screen of `path` (or pattern) — the history's "pop to a path".
    public func pop(toPath path: String, animated: Bool = true) throws {
        try perform(.back(.popTo(pattern: path), animated: animated))
    }

    /// Records a pop the platform already performed (a back swipe, a SwiftUI path binding):
    /// layer `layer` (0 is the root) keeps its first `count` screens.
    public func didPop(layer: Int, keeping count: Int) {
        guard layer < state.layers.count, count >= 1, count < state[layer: layer].screens.count else { return }
        state[layer: layer].screens.removeSubrange(count...)
        publish()
    }

    /// Records a tab the user selected (a tap on its item in a `TabView`); an identifier the
    /// window does not have, or the tab already selected, changes nothing.
    public func didSelect(tab identifier: String) {
        guard let index = state.tabs.firstIndex(where: { $0.id == identifier }), index != state.selectedTabIndex else { return }
        state.selectedTabIndex = index
        publish()
        onTabSelected?(identifier)
    }

    /// Called with each tab the user selects (``didSelect(tab:)``): pass it to
    /// `Router.didSelectTab(_:scene:)`, so a tab whose home waited for login opens it then.
    public var onTabSelected: (@MainActor (String) -> Void)?

    /// Records a pop the platform already performed in a tab's stack (a back swipe there):
    /// `count` screens remain. Out of range, it changes nothing.
    public func didPop(tab identifier: String, keeping count: Int) {
        guard let index = state.tabs.firstIndex(where: { $0.id == identifier }),
              count >= 1, count < state.tabs[index].stack.screens.count else { return }
        state.tabs[index].stack.screens.removeSubrange(count...)
        publish()
    }

    /// Records a pop the platform already performed in a split view's column: `count`
    /// screens remain. A column the window does not have, or a count out of range, changes nothing.
    public func didPop(column: SplitColumns.Column, keeping count: Int) {
        guard var layer = state.split?[column], count >= 1, count < layer.screens.count else { return }
        layer.screens.removeSubrange(count...)
        state.split?.set(column, layer)
        publish()
    }

    /// Records a dismissal the platform already performed (a sheet swiped down): the modal
    /// `layer` (1 is the first modal) and everything above it are gone.
    public func didDismiss(layer: Int) {
        guard layer >= 1, layer <= state.modals.count else { return }
        state.modals.removeSubrange((layer - 1)...)
        publish()
    }

    /// Every state from now on, starting with the current one.
    public func changes(bufferingNewest limit: Int = 16) -> AsyncStream<WindowState> {
        let (stream, continuation) = AsyncStream.makeStream(of: WindowState.self, bufferingPolicy: .bufferingNewest(limit))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.yield(state)
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    private func publish() {
        for continuation in subscribers.values { continuation.yield(state) }
    }
}
