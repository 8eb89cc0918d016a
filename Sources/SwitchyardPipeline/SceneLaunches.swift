/// Which scenes are launching, have launched or have a navigator, and the links waiting for
/// them: what decides whether a link handed to ``Router/handleIncoming(_:via:scene:)`` waits
/// before it opens. Guarded by the router's lock; every decision is made under it.
///
/// A link waits for its scene's running launch, so it opens over the homes and the restored
/// window. A link for a scene the router does not know yet (no navigator, no launch: SwiftUI's
/// `.onOpenURL` before the window's `.task`) waits for that scene to come. A link with no scene
/// waits for every running launch, as the default navigator is one of theirs.
struct SceneLaunches {
    /// What ended a link's wait.
    enum Release: Sendable {
        /// The launch it waited for ended: it opens now, over what the launch put in place.
        case launched
        /// Its scene's navigator was attached: it looks again, on the main actor, once the code
        /// that attached it (and may launch it next) has run.
        case attached
        /// ``PipelineSettings/sceneWait`` passed with no launch.
        case timedOut
        /// Its task was cancelled.
        case cancelled
    }

    /// What a link waits for.
    enum Wait: Equatable {
        /// A launch that runs: its scene's, or every one for a link with no scene.
        case launch
        /// A scene the router does not know yet.
        case scene
    }

    /// One waiting link.
    struct Waiter {
        let id: Int
        let gate: Gate<Release>
    }

    /// The key of the router's own navigator, a name no scene has.
    static let defaultKey = "default"

    /// The launches running, by scene key, each with the links and launches waiting for it.
    private var running: [String: [Waiter]] = [:]
    /// Links with no scene, waiting for every running launch to end.
    private var waitingForAll: [Waiter] = []
    /// Links for a scene not attached and never launched, by its key.
    private var early: [String: [Waiter]] = [:]
    /// The scenes whose launch ended, with the navigator it filled: a scene attached anew launches anew.
    private var launched: [String: ObjectIdentifier?] = [:]
    /// The scenes with a navigator attached, and ``defaultKey`` while the router has one.
    private var attached: Set<String> = []
    private var nextID = 0

    /// How many links wait, for launches or for scenes: what tests read.
    var waitingLinks: Int {
        running.values.reduce(0) { $0 + $1.count } + waitingForAll.count + early.values.reduce(0) { $0 + $1.count }
    }

    /// Whether a launch of the scene keyed `key` runs.
    func isLaunching(_ key: String) -> Bool { running[key] != nil }

    /// What a link for `key` would wait for now, or `nil` when it opens at once.
    func wait(for key: String) -> Wait? {
        if key == Self.defaultKey {
            if !running.isEmpty { return .launch }
            return attached.contains(key) || !launched.isEmpty ? nil : .scene
        }
        if running[key] != nil { return .launch }
        return attached.contains(key) || launched[key] != nil ? nil : .scene
    }

    /// Registers a link for `key` as waiting, when it must and fewer than `limit` wait there.
    mutating func enqueue(for key: String, limit: Int) -> (Waiter, Wait)? {
        guard let wait = wait(for: key) else { return nil }
        let waiter = Waiter(id: nextID, gate: Gate())
        switch wait {
        case .launch where key == Self.defaultKey:
            guard waitingForAll.count < limit else { return nil }
            waitingForAll.append(waiter)
        case .launch:
            guard running[key, default: []].count < limit else { return nil }
            running[key, default: []].append(waiter)
        case .scene:
            guard early[key, default: []].count < limit else { return nil }
            early[key, default: []].append(waiter)
        }
        nextID += 1
        return (waiter, wait)
    }

    /// Forgets a waiter whose wait ended otherwise (timed out, cancelled).
    mutating func forget(_ id: Int) {
        for key in Array(early.keys) {
            early[key]?.removeAll { $0.id == id }
            if early[key]?.isEmpty == true { early[key] = nil }
        }
        for key in Array(running.keys) { running[key]?.removeAll { $0.id == id } }
        waitingForAll.removeAll { $0.id == id }
    }

    /// Starts the launch of `key`; when one runs already, the gate to wait on before trying again.
    mutating func begin(_ key: String) -> Gate<Release>? {
        guard running[key] != nil else {
            running[key] = []
            return nil
        }
        let waiter = Waiter(id: nextID, gate: Gate())
        nextID += 1
        running[key, default: []].append(waiter)
        return waiter.gate
    }

    /// Whether the scene keyed `key` launched already into `navigator`.
    func hasLaunched(_ key: String, into navigator: ObjectIdentifier?) -> Bool {
        guard let filled = launched[key] else { return false }
        return filled == navigator
    }

    /// Ends the launch of `key`, which filled `navigator`: the gates to open with ``Release/launched``.
    mutating func end(_ key: String, filled navigator: ObjectIdentifier?) -> [Gate<Release>] {
        var released = running.removeValue(forKey: key) ?? []
        // Kept even without a navigator: a link for the scene then fails at once, not after a wait.
        launched.updateValue(navigator, forKey: key)
        released += early.removeValue(forKey: key) ?? []
        // A link with no scene waited for the first launch of any.
        released += early.removeValue(forKey: Self.defaultKey) ?? []
        if running.isEmpty {
            released += waitingForAll
            waitingForAll = []
        }
        return released.map(\.gate)
    }

    /// Records that `key` has a navigator now: the gates of the links that waited for it.
    mutating func attach(_ key: String) -> [Gate<Release>] {
        attached.insert(key)
        return (early.removeValue(forKey: key) ?? []).map(\.gate)
    }

    /// Records that `key` has no navigator; a later launch of it is a first one again.
    mutating func detach(_ key: String) {
        attached.remove(key)
        launched[key] = nil
    }
}
