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
/// service registered later is found on the next read; a service's first miss in a registry is
/// logged, with what to do, through the registry's logger.
@propertyWrapper
public final class Injected<Service: Sendable>: Sendable {
    private let name: String?
    private let registry: ServiceRegistry
    /// ``ServiceRegistry/shared``, asked after the app's registry when that one was chosen for
    /// the wrapper rather than named: what a process-wide registration served before an app's
    /// own services reached its screens still does.
    private let fallback: ServiceRegistry?
    private let cached = Locked<Service?>(nil)

    /// Creates the wrapper; nothing is looked up until the first read.
    ///
    /// - Parameters:
    ///   - name: The name the service is registered under, or `nil` for the unnamed registration.
    ///   - registry: Where to look it up. By default the registry of the app whose code makes
    ///     the wrapper (``ServiceRegistry/current``: a module's register, load and event steps,
    ///     the app's mediator actions, and what its routes make), then ``ServiceRegistry/shared``
    ///     for a service that registry lacks; else ``ServiceRegistry/shared``. The registry is
    ///     chosen here, when the wrapper is made, not at the first read.
    public init(name: String? = nil, from registry: ServiceRegistry? = nil) {
        self.name = name
        let current = registry == nil ? ServiceRegistry.current : nil
        self.registry = registry ?? current ?? .shared
        fallback = current.flatMap { $0 === ServiceRegistry.shared ? nil : ServiceRegistry.shared }
    }

    /// The service, or `nil` when it is not registered or cannot be made; read ``require()`` for
    /// why. A service's first `nil` in a registry is logged, with what to do.
    public var wrappedValue: Service? {
        do {
            return try require()
        } catch {
            registry.reportMiss(serviceLabel(Service.self, name: name), error)
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
        let service: Service
        do {
            service = try registry.require(Service.self, name: name)
        } catch {
            guard case .notRegistered = error, let found = try? fallback?.require(Service.self, name: name) else { throw error }
            service = found
        }
        return cached.withLock { cached in
            if let first = cached { return first }
            cached = service
            return service
        }
    }
}
