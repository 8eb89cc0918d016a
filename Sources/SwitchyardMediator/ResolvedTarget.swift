/// A target type with its action table, type-erased once so that a call needs no generics.
struct ResolvedTarget: Sendable {
    typealias Body = @Sendable (any MediatorTarget, MediatorCall) async throws -> any Sendable

    struct Action: Sendable {
        let body: Body
        let isRemote: Bool
    }

    let typeName: String
    let isCached: Bool
    let make: @Sendable () -> any MediatorTarget
    let actions: [String: Action]
    let actionNames: [String]
    let notFound: Body?
    /// Whether a URL may reach ``notFound`` (declared with `notFound(remote: true)`).
    let notFoundIsRemote: Bool

    /// The not-found body a call may use: a call from a URL only one declared remote.
    func notFound(for call: MediatorCall) -> Body? {
        call.isRemote && !notFoundIsRemote ? nil : notFound
    }

    /// The actions a call may name: a call from a URL sees only the remote ones.
    func actionNames(for call: MediatorCall) -> [String] {
        call.isRemote ? actionNames.filter { actions[$0]?.isRemote == true } : actionNames
    }
}

/// A target instance of an unexpected type: only possible if a resolved table were paired
/// with the wrong instance, which the mediator never does.
struct MismatchedTargetInstance: Error, CustomStringConvertible {
    let expected: String
    var description: String { "internal error: target instance is not a \(expected)" }
}

extension MediatorTarget {
    static func resolved() -> ResolvedTarget {
        let table = actions
        let name = String(reflecting: Self.self)
        func erase(_ body: @escaping TargetActions<Self>.Body) -> ResolvedTarget.Body {
            { instance, call in
                guard let target = instance as? Self else { throw MismatchedTargetInstance(expected: name) }
                return try await body(target, call)
            }
        }
        return ResolvedTarget(
            typeName: name,
            isCached: isCached,
            make: { Self() },
            actions: table.entries.mapValues { ResolvedTarget.Action(body: erase($0.body), isRemote: $0.isRemote) },
            actionNames: table.names,
            notFound: table.notFoundBody.map(erase),
            notFoundIsRemote: table.notFoundIsRemote
        )
    }
}
