/// Which scenes are launching, have launched or have a navigator, and the links waiting for
/// them: what decides whether a link handed to ``Router/handleIncoming(_:via:scene:)`` waits
/// before it opens. Guarded by the router's lock; every decision is made under it.
///
/// A link waits for its scene's running launch, so it opens over the homes and the restored
/// window. A link for a scene the router does not know yet (no navigator, no launch: SwiftUI's
/// `.onOpenURL` before the window's `.task`) waits for that scene to come. A link with no scene
/// waits for every running launch, as the default navigator is one of theirs. A launch asked for
/// while another of its scene runs takes over from it, so the links keep waiting until the last
/// launch asked for is in place.
struct SceneLaunches {
    /// What ended a link's wait.
    enum Release: Sendable {
        /// The launch it waited for is in place: it opens now, over what the launch put there.
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

    /// How a launch that asked to begin goes on.
    enum Start {
        /// It runs now, as the launch numbered so.
        case began(Int)
        /// Another launch of its scene runs: it runs when that one is in place, with the number
        /// the gate hands it.
        case queued(Gate<Int>)
    }

    /// A scene's running launch: its number, the links waiting for it, the launches asked for after it.
    private struct Running {
        var id: Int
        var links: [Waiter] = []
        var next: [Gate<Int>] = []
    }

    /// The key of the router's own navigator, a name no scene has.
    static let defaultKey = "default"

    private var running: [String: Running] = [:]
    /// Links with no scene, waiting for every running launch to be in place.
    private var waitingForAll: [Waiter] = []
    /// Links for a scene not attached and never launched, by its key.
    private var early: [String: [Waiter]] = [:]
    /// The scenes whose launch is in place, with the navigator it filled (`nil` for none): a
    /// scene given another navigator launches anew.
    private var launched: [String: ObjectIdentifier?] = [:]
    /// The scenes with a navigator attached, and ``defaultKey`` while the router has one.
    private var attached: Set<String> = []
    private var nextID = 0

    /// How many links wait, for launches or for scenes: what tests read.
    var waitingLinks: Int {
        running.values.reduce(0) { $0 + $1.links.count } + waitingForAll.count + early.values.reduce(0) { $0 + $1.count }
    }

    /// What a link for `key` would wait for now, or `nil` when it opens at once. `inside` holds
    /// the launches whose work the asking task is part of: it never waits for one of them,
    /// which waits for it.
    func wait(for key: String, inside: [Int] = []) -> Wait? {
        if key == Self.defaultKey {
            if !running.isEmpty { return running.values.contains { inside.contains($0.id) } ? nil : .launch }
            return attached.contains(key) || !launched.isEmpty ? nil : .scene
        }
        if let launch = running[key] { return inside.contains(launch.id) ? nil : .launch }
        return attached.contains(key) || launched[key] != nil ? nil : .scene
    }

    /// Whether `key` has a navigator but has never launched: a launch may be begun right after
    /// the attach, on the main actor, in the same turn.
    func isFresh(_ key: String) -> Bool {
        guard attached.contains(key), running[key] == nil else { return false }
        return key == Self.defaultKey ? launched.isEmpty : launched[key] == nil
    }

    /// What ``enqueue(for:inside:limit:)`` did, decided under the one lock.
    enum Enqueued {
        /// The link waits, as `waiter`, for `wait`.
        case waiting(Waiter, Wait)
        /// Nothing to wait for now (the state changed since the link looked).
        case nothingToWaitFor
        /// As many links as `limit` wait there already: the link goes on.
        case full
    }

    /// Registers a link for `key` as waiting, when it must and fewer than `limit` wait there.
    mutating func enqueue(for key: String, inside: [Int], limit: Int) -> Enqueued {
        guard let wait = wait(for: key, inside: inside) else { return .nothingToWaitFor }
        let waiter = Waiter(id: takeID(), gate: Gate())
        switch wait {
        case .launch where key == Self.defaultKey:
            guard waitingForAll.count < limit else { return .full }
            waitingForAll.append(waiter)
        case .launch:
            guard let launch = running[key], launch.links.count < limit else { return .full }
            running[key]?.links.append(waiter)
        case .scene:
            guard early[key, default: []].count < limit else { return .full }
            early[key, default: []].append(waiter)
        }
        return .waiting(waiter, wait)
    }

    /// Registers the router's own wait for every running launch to be in place (the replay of
    /// the opens held until ready); `nil` when none runs.
    mutating func waitForAll() -> Gate<Release>? {
        guard !running.isEmpty else { return nil }
        let waiter = Waiter(id: takeID(), gate: Gate())
        waitingForAll.append(waiter)
        return waiter.gate
    }

    /// Forgets a waiter whose wait ended otherwise (timed out, cancelled).
    mutating func forget(_ id: Int) {
        for key in Array(early.keys) {
            early[key]?.removeAll { $0.id == id }
            if early[key]?.isEmpty == true { early[key] = nil }
        }
        for key in Array(running.keys) { running[key]?.links.removeAll { $0.id == id } }
        waitingForAll.removeAll { $0.id == id }
    }

    /// Starts a launch of `key`, or queues it behind the one running.
    mutating func begin(_ key: String) -> Start {
        guard running[key] != nil else {
            let id = takeID()
            running[key] = Running(id: id)
            return .began(id)
        }
        let turn = Gate<Int>()
        running[key]?.next.append(turn)
        return .queued(turn)
    }

    /// Whether the scene keyed `key` launched already into `navigator`.
    func hasLaunched(_ key: String, into navigator: ObjectIdentifier?) -> Bool {
        guard let filled = launched[key] else { return false }
        return filled == navigator
    }

    /// Ends the launch of `key`, which filled `navigator`: the gates of the links to open with
    /// ``Release/launched``; none while a launch asked for since takes over (returned as `next`,
    /// to hand the number it runs as).
    mutating func end(_ key: String, filled navigator: ObjectIdentifier?) -> (links: [Gate<Release>], next: (Gate<Int>, Int)?) {
        // Kept even without a navigator: a link for the scene then fails at once, not after a wait.
        launched.updateValue(navigator, forKey: key)
        if var launch = running[key], !launch.next.isEmpty {
            let turn = launch.next.removeFirst()
            launch.id = takeID()
            running[key] = launch
            return ([], (turn, launch.id))
        }
        var released = running.removeValue(forKey: key)?.links ?? []
        released += early.removeValue(forKey: key) ?? []
        // A link with no scene waited for the first launch of any.
        released += early.removeValue(forKey: Self.defaultKey) ?? []
        if running.isEmpty {
            released += waitingForAll
            waitingForAll = []
        }
        return (released.map(\.gate), nil)
    }

    /// Records that `key` has a navigator now, `replacing` the one it had or not: the gates of
    /// the links that waited for it. A scene given another navigator launches anew.
    mutating func attach(_ key: String, replacing: Bool) -> [Gate<Release>] {
        attached.insert(key)
        if replacing { launched[key] = nil }
        return (early.removeValue(forKey: key) ?? []).map(\.gate)
    }

    /// Records that `key` has no navigator; a later launch of it is a first one again.
    mutating func detach(_ key: String) {
        attached.remove(key)
        launched[key] = nil
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}
