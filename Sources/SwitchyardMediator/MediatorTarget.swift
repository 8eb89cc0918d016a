/// A module's entry point for calls by name: the `Target_Product` of CTMediator.
///
/// The mediator finds a target by its module-qualified Swift name at run time, so a caller
/// neither imports nor registers the module. Name the type `Target_` + the target's name
/// (`ProductFeature.Target_Product` answers the target `ProductFeature.Product`), give it an
/// empty `init()`, and declare its actions once, in a `static let`.
///
/// Declare the type `public`: nothing in the app names it, so an optimized build drops the
/// runtime record of an internal type and the lookup fails in release builds only.
/// (A target registered with ``Mediator/register(_:as:)`` is named, and may be internal.)
///
/// ```swift
/// public struct Target_Product: MediatorTarget {
///     public init() {}
///     public static let actions = TargetActions<Self> { actions in
///         actions.action("detail", remote: true) { @MainActor _, call in
///             Destination(ProductScreen(id: try call.require("id", as: Int.self)))
///         }
///         actions.action("price") { _, call in try await PriceService.price(of: call.require("id", as: Int.self)) }
///     }
/// }
/// ```
public protocol MediatorTarget: Sendable {
    /// Makes an instance for a call: one per call, or one kept until evicted when ``isCached``.
    init()
    /// The actions this target answers, by name. Declare it as a `static let`: it is read once per target.
    static var actions: TargetActions<Self> { get }
    /// Whether the mediator keeps one instance for later calls instead of making one per call.
    ///
    /// Default `false`. A cached instance lives until ``Mediator/evict(target:)`` or ``Mediator/evictAll()``.
    static var isCached: Bool { get }
}

extension MediatorTarget {
    /// `false`: by default every call gets a new instance.
    public static var isCached: Bool { false }
}

/// The actions a ``MediatorTarget`` declares: a name, whether a URL may call it, and its body.
///
/// An action takes the target instance and the ``MediatorCall`` and returns any value: a
/// ``Destination``, data, a `Bool`. Mark a closure `@MainActor` to build screens.
public struct TargetActions<Target: MediatorTarget>: Sendable {
    /// An action's body: it receives the target instance and the call, and returns any value.
    public typealias Body = @Sendable (Target, MediatorCall) async throws -> any Sendable

    struct Entry: Sendable {
        let body: Body
        let isRemote: Bool
    }

    private(set) var entries: [String: Entry] = [:]
    /// Action names in the order they were declared, for error messages and catalogs.
    public private(set) var names: [String] = []
    private(set) var notFoundBody: Body?
    private(set) var notFoundIsRemote = false

    /// Builds the table in `declare`.
    public init(_ declare: (inout TargetActions) -> Void) {
        declare(&self)
    }

    /// Declares the action `name`; a later declaration of the same name replaces it.
    ///
    /// - Parameter remote: whether a URL (``Mediator/perform(url:)``) may call it. Default
    ///   `false`: only code in the app can, with native parameters.
    public mutating func action(_ name: String, remote: Bool = false, _ body: @escaping Body) {
        if entries.updateValue(Entry(body: body, isRemote: remote), forKey: name) == nil {
            names.append(name)
        }
    }

    /// Handles calls to actions this target does not declare; ``MediatorCall/action`` says which.
    ///
    /// - Parameter remote: whether calls from a URL reach it. Default `false`: a URL naming an
    ///   undeclared action fails with ``MediatorError/actionNotFound(target:action:available:)``,
    ///   so a not-found handler never widens what a URL can do. The same holds for the
    ///   fallback target's handler.
    public mutating func notFound(remote: Bool = false, _ body: @escaping Body) {
        notFoundBody = body
        notFoundIsRemote = remote
    }
}
