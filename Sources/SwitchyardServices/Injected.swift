import SwitchyardSupport

/// Injects a service lazily: looked up on first read, then kept.
///
/// ```swift
/// final class CartViewModel {
///     @Injected var analytics: (any Analytics)?
///     @Injected(name: "sandbox", from: app.services) var payments: (any Payments)?
///
///     func checkout() throws {
///         analytics?.track("checkout")
///         try $payments.require().charge(total)   // throws ServiceError naming what is missing
///     }
/// }
/// ```
///
/// The value is optional because a missing service must not crash the app; read it through
/// ``require()`` on the projected value (`$name`) to get the error. A miss is not kept, so a
/// service registered later is found on the next read; the first miss of a wrapper is logged,
/// with what to do, through the registry's logger.
@propertyWrapper
public final class Injected<Service: Sendable>: Sendable {
    private let name: String?
    private let registry: ServiceRegistry
    private let cached = Locked<Service?>(nil)
    private let reportedMiss = Locked(false)

    /// Creates the wrapper; nothing is looked up until the first read.
    ///
    /// - Parameters:
    ///   - name: The name the service is registered under, or `nil` for the unnamed registration.
    ///   - registry: Where to look it up. By default the registry of the app whose code makes
    ///     the wrapper (``ServiceRegistry/current``: a module's register, load and event steps,
    ///     and the app's mediator actions), else ``ServiceRegistry/shared``. The registry is
    ///     chosen here, when the wrapper is made, not at the first read.
    public init(name: String? = nil, from registry: ServiceRegistry? = nil) {
        self.name = name
        self.registry = registry ?? ServiceRegistry.current ?? .shared
    }

    /// The service, or `nil` when it is not registered or cannot be made; read ``require()`` for
    /// why. The first `nil` is logged.
    public var wrappedValue: Service? {
        do {
            return try require()
        } catch {
            let first = reportedMiss.withLock { reported in
                defer { reported = true }
                return !reported
            }
            if first {
                registry.logger.warning("@Injected \(serviceLabel(Service.self, name: name)) reads nil: \(error)")
            }
            return nil
        }
    }

    /// The wrapper itself, reached as `$name`, so that callers can use ``require()``.
    public var projectedValue: Injected<Service> { self }

    /// The service, looked up on the first call that finds it.
    ///
    /// - Throws: ``ServiceError`` when it is not registered or cannot be made.
    public func require() throws(ServiceError) -> Service {
        if let service = cached.withLock({ $0 }) { return service }
        let service = try registry.require(Service.self, name: name)
        return cached.withLock { cached in
            if let first = cached { return first }
            cached = service
            return service
        }
    }
}
