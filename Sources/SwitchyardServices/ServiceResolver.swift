/// What a factory uses to look up the services it depends on.
///
/// ```swift
/// try services.register(Checkout.self) { resolver in
///     CheckoutService(cart: try resolver.require(Cart.self), payments: try resolver.require(Payments.self))
/// }
/// ```
public struct ServiceResolver: Sendable {
    /// The registry the factory's service is being made in.
    public let registry: ServiceRegistry

    /// The service, or `nil` when it is not registered or cannot be made.
    public func resolve<Service: Sendable>(_ type: Service.Type = Service.self, name: String? = nil) -> Service? {
        registry.resolve(type, name: name)
    }

    /// The service; a cycle fails here with its path.
    public func require<Service: Sendable>(_ type: Service.Type = Service.self, name: String? = nil) throws(ServiceError) -> Service {
        try registry.require(type, name: name)
    }
}
