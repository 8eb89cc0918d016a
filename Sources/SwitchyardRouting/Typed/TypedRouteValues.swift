/// A typed route's values as text: what its path parameters and query items hold.
///
/// Code that `@Route` generates fills it through the ``ParameterCoder`` of each property.
public struct TypedRouteValues: Sendable, Equatable {
    /// Path parameters by name, as text before percent-encoding.
    public private(set) var path: [String: String] = [:]
    /// The parts of the catch-all, each one path segment (a `/` in a part stays in it).
    public private(set) var remainder: [String]?
    /// Query items in declaration order.
    public private(set) var query: RouteParameters = [:]

    /// No values.
    public init() {}

    /// Sets the path parameter `name`.
    public mutating func setPath<Value>(_ name: String, _ value: Value, _ coder: ParameterCoder<Value>) {
        path[name] = coder.encode(value)
    }

    /// Sets the path parameter `name` of an optional group; `nil` leaves the group out.
    public mutating func setPath<Value>(_ name: String, _ value: Value?, _ coder: ParameterCoder<Value>) {
        if let value { path[name] = coder.encode(value) }
    }

    /// Sets the catch-all to `parts`, one segment each.
    public mutating func setRemainder(_ name: String, _ parts: [String]?) {
        remainder = parts
        if let parts { path[name] = parts.joined(separator: "/") }
    }

    /// Sets the catch-all from text, split at each `/`.
    public mutating func setRemainder(_ name: String, _ text: String?) {
        // Empty pieces are kept, so that building the path refuses them: no URL carries one.
        setRemainder(name, text.map { $0.isEmpty ? [] : $0.split(separator: "/", omittingEmptySubsequences: false).map(String.init) })
    }

    /// Adds the query item `name`; `nil` adds nothing.
    public mutating func addQuery<Value>(_ name: String, _ value: Value?, _ coder: ParameterCoder<Value>) {
        if let value { query.append(name, coder.encode(value)) }
    }

    /// Adds one query item `name` per element, in order.
    public mutating func addQuery<Value>(_ name: String, _ values: [Value]?, _ coder: ParameterCoder<Value>) {
        for value in values ?? [] { query.append(name, coder.encode(value)) }
    }
}
