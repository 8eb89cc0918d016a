import SwitchyardNavigation

extension Router {
    /// Attaches the navigator of one scene (window): opens that name the scene
    /// (``OpenOptions/scene``) show their pages there and nowhere else.
    ///
    /// Held weakly, like ``navigator``: the scene owns its navigator. Attaching again under the
    /// same name replaces the earlier one.
    @MainActor
    public func attach(_ navigator: any Navigator, scene: String) {
        scenes[scene] = WeakNavigator(navigator)
        scenes = scenes.filter { $0.value.navigator != nil }
    }

    /// Forgets a scene's navigator, when the system disconnects the scene.
    @MainActor
    public func detach(scene: String) {
        scenes[scene] = nil
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
