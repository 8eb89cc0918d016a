extension SavedWindow {
    /// The window under `root` as URLs to save, and a note for each thing left out: what the
    /// UIKit adapter saves, read from its controllers as ``WindowState/saved()`` reads a state.
    ///
    /// A controller with no ``ControllerNode/routeURL`` (one the app showed itself, or a
    /// not-found page) is left out, with a note; so is a tab with no identifier, which a
    /// restore could not find again. A tab's or a column's first screen with no URL is the
    /// app's own root, which it builds again with the tab bar: left out without a note, and
    /// the restored screens go above it. A split view's collapsed state is not saved.
    @MainActor
    public static func saving(_ root: (any ControllerNode)?) -> (window: SavedWindow, leftOut: [String]) {
        guard let root else { return (SavedWindow(), []) }
        var leftOut: [String] = []
        func urls(_ screens: [any ControllerNode], appBuildsRoot: Bool = false) -> [String] {
            screens.enumerated().compactMap { index, screen in
                guard let url = screen.routeURL else {
                    // A tab's or a column's first screen that no route opened is the app's own,
                    // built again with the tab bar or the split view: not a loss worth a note.
                    if !(appBuildsRoot && index == 0) { leftOut.append(Self.noRouteNote(screen.routeName ?? "\(type(of: screen))")) }
                    return nil
                }
                return url
            }
        }
        func urls(ofStack node: (any ControllerNode)?, appBuildsRoot: Bool = true) -> [String] {
            guard let node else { return [] }
            return urls(ControllerPlanner.stack(of: node)?.stackedNodes ?? [node], appBuildsRoot: appBuildsRoot)
        }
        let layers = ControllerPlanner.layers(from: root)
        var window = SavedWindow()
        if let tabs = root.tabNodes {
            for (index, tab) in tabs.enumerated() {
                guard let identifier = tab.tabIdentifier else {
                    leftOut.append("tab \(index + 1) has no identifier, so a restore could not find it; its screens were left out")
                    continue
                }
                window.tabs.append(SavedTab(id: identifier, screens: urls(ofStack: tab)))
            }
            window.selectedTab = root.selectedNode?.tabIdentifier
        } else if let columns = root.splitColumnNodes {
            window.split = SavedSplit(primary: urls(ofStack: columns[.primary]),
                                      supplementary: columns[.supplementary].map { urls(ofStack: $0) },
                                      detail: urls(ofStack: columns[.detail]))
        } else {
            window.root = urls(ofStack: root, appBuildsRoot: false)
        }
        window.modals = layers.dropFirst().map { layer in
            SavedLayer(presentation: layer.isFullScreenModal ? .fullScreen : .sheet, hasNavigation: layer.stackedNodes != nil,
                       screens: urls(ControllerPlanner.screens(of: layer)))
        }
        return (window, leftOut)
    }

    /// The note for a screen shown without a route.
    static func noRouteNote(_ name: String) -> String {
        "\(name) was shown without a route, so it has no URL to restore"
    }
}
