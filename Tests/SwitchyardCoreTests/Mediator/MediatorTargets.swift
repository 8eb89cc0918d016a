import Foundation
import Switchyard

// Targets the mediator finds by name in this test module, `SwitchyardCoreTests`.
// Nothing registers them and the tests never refer to their types, so they are public:
// an optimized build would drop internal ones.

public struct Target_Product: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("detail", remote: true) { _, call in "product \(try call.require("id", as: Int.self))" }
        actions.action("price") { _, call in Double(try call.require("id", as: Int.self)) * 1.5 }
        actions.action("page") { @MainActor _, call in Destination("product", name: "Product(\(call.int("id") ?? 0))") }
        actions.action("fail") { _, _ in throw StockError.soldOut }
    }
}

enum StockError: Error { case soldOut }

/// A cached class target that counts its instances.
public final class Target_Counter: MediatorTarget {
    static let made = Shared(0)
    public static var isCached: Bool { true }
    public static let actions = TargetActions<Target_Counter> { actions in
        actions.action("identity") { target, _ in ObjectIdentifier(target).hashValue }
    }
    public required init() { Self.made.withLock { $0 += 1 } }
}

/// ``Target_Counter`` for the one test that counts instances: tests run in parallel, and
/// another test making a `Counter` while this one counted made its count flaky.
public final class Target_EvictionCounter: MediatorTarget {
    static let made = Shared(0)
    public static var isCached: Bool { true }
    public static let actions = TargetActions<Target_EvictionCounter> { actions in
        actions.action("identity") { target, _ in ObjectIdentifier(target).hashValue }
    }
    public required init() { Self.made.withLock { $0 += 1 } }
}

/// An enum namespace holding a nested target, and an enum target.
public enum Catalog {
    public struct Target_Search: MediatorTarget {
        public init() {}
        public static let actions = TargetActions<Self> { $0.action("query") { _, call in call.string("q") ?? "" } }
    }
}

public enum Target_Flags: MediatorTarget {
    case shared
    public init() { self = .shared }
    public static let actions = TargetActions<Self> { $0.action("enabled") { _, _ in true } }
}

/// A target with its own not-found action.
public struct Target_Lenient: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("known") { _, _ in "known" }
        actions.notFound { _, call in "lenient got \(call.action)" }
    }
}

/// The app-wide fallback: receives calls that nothing else handles.
public struct Target_NoTarget: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.notFound { _, call in "fallback for \(call.target)/\(call.action)" }
    }
}

/// Registered explicitly, under a name unrelated to its type.
struct CartEntry: MediatorTarget {
    static let actions = TargetActions<Self> { actions in
        actions.action("count") { _, call in call.get("items", as: [String].self)?.count ?? 0 }
    }
}

public struct Target_Web: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("webPage", remote: true) { _, call in "web \(call.string("url") ?? "")" }
        actions.action("clearCookies") { _, _ in true }
    }
}

/// The typed-wrapper pattern: a file in the caller's module that gives a typed API over
/// `perform`, so the caller never imports the product module.
extension Mediator {
    func productTitle(id: Int) async throws(MediatorError) -> String {
        try await perform(target: "SwitchyardCoreTests.Product", action: "detail", parameters: ["id": id], as: String.self)
    }

    @MainActor
    func productPage(id: Int) async throws(MediatorError) -> Destination {
        try await perform(target: "SwitchyardCoreTests.Product", action: "page", parameters: ["id": id], as: Destination.self)
    }
}
