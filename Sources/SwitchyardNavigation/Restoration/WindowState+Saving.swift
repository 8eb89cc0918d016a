extension WindowState {
    /// The window as URLs to save, and a note for each thing left out.
    ///
    /// A screen shown without a route (a not-found page) has no URL to open again and is left
    /// out; a screen opened with native parameters (objects passed beside the URL) is saved by
    /// its URL alone, as those objects cannot be written down. Each gets a note naming it.
    public func saved() -> (window: SavedWindow, leftOut: [String]) {
        var leftOut: [String] = []
        func urls(_ layer: ScreenLayer) -> [String] {
            layer.screens.compactMap { screen in
                guard screen.request.pattern != nil else {
                    leftOut.append(SavedWindow.noRouteNote(screen.name))
                    return nil
                }
                let native = screen.request.nativeParameters.keys.sorted()
                if !native.isEmpty {
                    leftOut.append("\(screen.name): native parameters \(native.joined(separator: ", ")) cannot be saved; restored from its URL alone")
                }
                let sent = screen.request.callerParameters.keys.sorted()
                if !sent.isEmpty {
                    leftOut.append("\(screen.name): caller parameters \(sent.joined(separator: ", ")) cannot be saved; restored from its URL alone")
                }
                return screen.request.url
            }
        }
        let tabs = self.tabs.map { SavedTab(id: $0.id, screens: urls($0.stack)) }
        let split = self.split.map { SavedSplit(primary: urls($0.primary), supplementary: $0.supplementary.map(urls), detail: urls($0.detail)) }
        let root = tabs.isEmpty && split == nil ? urls(self.root) : []
        let modals = self.modals.map { SavedLayer(presentation: $0.presentation, hasNavigation: $0.hasNavigation, screens: urls($0)) }
        return (SavedWindow(tabs: tabs, selectedTab: selectedTab, root: root, modals: modals, split: split), leftOut)
    }
}
