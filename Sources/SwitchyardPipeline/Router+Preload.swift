import SwitchyardNavigation

extension Router {
    /// Builds the page for `url` now, so its next open shows it without building it again.
    ///
    /// For pages users open often (seed 003's preloading). The cache keeps the newest
    /// ``PipelineSettings/preloadLimit`` pages; each is used once, by an open of exactly the
    /// same URL. ``didReceiveMemoryWarning()`` empties it.
    /// - Throws: ``OpenError`` when the URL does not resolve to a page or the page fails.
    @MainActor
    public func preload(_ url: String, parameters: [String: any Sendable] = [:]) throws(OpenError) {
        let destination = try destination(for: url, parameters: parameters)
        preloaded.removeAll { $0.url == url }
        preloaded.append((url, destination))
        if preloaded.count > settings.preloadLimit { preloaded.removeFirst(preloaded.count - settings.preloadLimit) }
    }

    /// Drops every preloaded page.
    @MainActor
    public func didReceiveMemoryWarning() {
        preloaded.removeAll()
    }

    /// The preloaded page for exactly `url`, removed from the cache.
    @MainActor
    func takePreloaded(_ url: String) -> Destination? {
        guard let index = preloaded.firstIndex(where: { $0.url == url }) else { return nil }
        return preloaded.remove(at: index).destination
    }
}
