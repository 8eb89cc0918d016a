/// How long a registered service's instances live.
public enum ServiceScope: String, Sendable, CaseIterable {
    /// A new instance for every lookup.
    case transient
    /// One instance, made on first lookup and kept for the registry's life (a singleton).
    case shared
    /// One instance while something else holds it; made again after it is released.
    /// Only class instances can be held weakly; a value is made anew each time, as `transient`.
    case weak
}

/// The key a service is registered under: its type and an optional name for variants.
struct ServiceKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?

    init(_ type: Any.Type, name: String?) {
        self.type = ObjectIdentifier(type)
        self.name = name
    }
}

/// How error messages and listings name a service: `Analytics`, or `Analytics named "debug"`.
func serviceLabel(_ type: Any.Type, name: String?) -> String {
    var typeName = String(describing: type)
    if typeName.hasPrefix("any ") { typeName.removeFirst(4) }
    return name.map { "\(typeName) named \"\($0)\"" } ?? typeName
}
