import SwitchyardNavigation

extension Router {
    /// Attaches the navigator of one scene (window): opens that name the scene
    /// (``OpenOptions/scene``) show their pages there and nowhere else.
    ///
    /// Held weakly, like ``navigator``: the scene owns its navigator. Attaching again under the
    /// same name replaces the earlier one.
    /// Links handed over for the scene before it was attached wait on, for its launch when one
    /// follows on the main actor (``launch(scene:restoring:links:)``).
    @MainActor
    public func attach(_ navigator: any Navigator, scene: String) {
        for (gone, _) in scenes where scenes[gone]?.navigator == nil { sceneAttachmentChanged(Self.launchKey(gone), attached: false) }
        // Compared while the old one is held: a navigator made where a released one was is another.
        let replacing = scenes[scene]?.navigator !== navigator
        scenes[scene] = WeakNavigator(navigator)
        scenes = scenes.filter { $0.value.navigator != nil }
        sceneAttachmentChanged(Self.launchKey(scene), attached: true, replacing: replacing)
    }

    /// Forgets a scene's navigator, when the system disconnects the scene; a scene attached
    /// again under the name launches anew.
    @MainActor
    public func detach(scene: String) {
        scenes[scene] = nil
        sceneAttachmentChanged(Self.launchKey(scene), attached: false)
    }

    /// Tells the launches that the scene keyed `key` has a navigator now, or no more.
    /// A scene given another navigator launches anew (`replacing`).
    func sceneAttachmentChanged(_ key: String, attached: Bool, replacing: Bool = true) {
        guard attached else { return launches.withLock { $0.detach(key) } }
        let waiting = launches.withLock { $0.attach(key, replacing: replacing) }
        for link in waiting { link.resolve(.attached) }
    }

    /// The navigator attached for `scene`; ``navigator`` for `nil`.
    @MainActor
    public func navigator(forScene scene: String?) -> (any Navigator)? {
        guard let scene else { return navigator }
        return scenes[scene]?.navigator
    }

    @MainActor
    func navigator(forScene scene: String?, pattern: String) -> Result<any Navigator, OpenError> {
        if let scene {
            guard let found = scenes[scene]?.navigator else { return .failure(.sceneNotAttached(scene: scene, pattern: pattern)) }
            return .success(found)
        }
        guard let navigator else { return .failure(.noNavigator(pattern: pattern)) }
        return .success(navigator)
    }
}

/// A scene's navigator, held weakly.
@MainActor
struct WeakNavigator {
    weak var navigator: (any Navigator)?

    init(_ navigator: any Navigator) {
        self.navigator = navigator
    }
}
