/// Why a service could not be registered or provided.
public enum ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is registered under the service (and name); lists what is, and the nearest.
    case notRegistered(service: String, registered: [String], nearest: String?)
    /// Nothing is registered under the service in ``ServiceRegistry/shared``: the service is
    /// most likely in an `AppRouter`'s own registry, which the lookup did not name.
    case notRegisteredInShared(service: String, registered: [String])
    /// Making the service needs the service itself; `path` runs from it back to it.
    case cycle(path: [String])
    /// The service's factory threw.
    case factoryFailed(service: String, reason: String)
    /// The registry was frozen with ``ServiceRegistry/freeze()`` before this registration.
    case frozen(service: String)
    /// A lookup by name (from Objective-C) that Swift types of two modules share: `types` names
    /// each with its module, so the app can register one under a name of its own.
    case ambiguousName(service: String, types: [String])

    /// A readable message; for ``notRegistered(service:registered:nearest:)`` it lists what is
    /// registered and suggests the nearest name.
    public var description: String {
        switch self {
        case .notRegistered(let service, let registered, let nearest):
            let list = registered.isEmpty ? "nothing is registered" : "registered: " + registered.joined(separator: ", ")
            return "no service \(service) is registered" + (nearest.map { " (did you mean \($0)?)" } ?? "") + "; " + list
        case .notRegisteredInShared(let service, let registered):
            let list = registered.isEmpty ? "which is empty" : "which holds " + registered.joined(separator: ", ")
            return "no service \(service) is registered in ServiceRegistry.shared, \(list): an AppRouter keeps its services "
                + "in a registry of its own (app.services) unless made with services: .shared; "
                + "look it up there, or inject it with @Injected(from: app.services)"
        case .cycle(let path):
            return "dependency cycle: " + path.joined(separator: " → ")
        case .factoryFailed(let service, let reason):
            return "making \(service) failed: \(reason)"
        case .frozen(let service):
            return "cannot register \(service): the registry is frozen"
        case .ambiguousName(let service, let types):
            return "the service name \(service) is ambiguous: it names \(types.joined(separator: " and ")); "
                + "give Objective-C one of them under a name of its own (an @objc(Name) protocol)"
        }
    }
}
