import SwitchyardPatterns
import SwitchyardSupport

/// What the code `@Route` generates calls: reading each property from a request, and building
/// the reverse route. Not meant to be called by hand.
public enum TypedRouteSupport {
    /// A path parameter that the pattern always binds.
    public static func path<Value>(_ request: RouteRequest, _ name: String, _ coder: ParameterCoder<Value>) throws(ParameterError) -> Value {
        guard let text = request.pathParameters[name] else { throw ParameterError(name: name, reason: .missing) }
        return try decode(text, name, coder)
    }

    /// A path parameter inside an optional group: `nil` when the URL left the group out.
    public static func optionalPath<Value>(_ request: RouteRequest, _ name: String, _ coder: ParameterCoder<Value>) throws(ParameterError) -> Value? {
        guard let text = request.pathParameters[name] else { return nil }
        return try decode(text, name, coder)
    }

    /// The catch-all's parts, one per path segment; empty when the URL has none.
    public static func remainder(_ request: RouteRequest, _ name: String) -> [String] {
        request.remainder ?? []
    }

    /// The catch-all as text, its parts joined by `/`.
    public static func remainderText(_ request: RouteRequest, _ name: String) -> String {
        remainder(request, name).joined(separator: "/")
    }

    /// The catch-all of an optional group: `nil` when the URL left the group out.
    public static func optionalRemainder(_ request: RouteRequest, _ name: String) -> [String]? {
        request.remainder
    }

    /// The catch-all of an optional group as text: `nil` when the URL left the group out.
    public static func optionalRemainderText(_ request: RouteRequest, _ name: String) -> String? {
        request.remainder?.joined(separator: "/")
    }

    /// The first query item `name`, or `nil` when there is none.
    public static func query<Value>(_ request: RouteRequest, _ name: String, _ coder: ParameterCoder<Value>) throws(ParameterError) -> Value? {
        guard let text = request.query[name] else { return nil }
        return try decode(text, name, coder)
    }

    /// Every query item `name`, in order; `nil` when there is none.
    public static func queryList<Value>(_ request: RouteRequest, _ name: String, _ coder: ParameterCoder<Value>) throws(ParameterError) -> [Value]? {
        let texts = request.query.values(for: name)
        if texts.isEmpty { return nil }
        var values: [Value] = []
        values.reserveCapacity(texts.count)
        for text in texts { values.append(try decode(text, name, coder)) }
        return values
    }

    private static func decode<Value>(_ text: String, _ name: String, _ coder: ParameterCoder<Value>) throws(ParameterError) -> Value {
        guard let value = coder.decode(text) else {
            throw ParameterError(name: name, reason: .invalid(value: text, expected: coder.typeName))
        }
        return value
    }

    /// Builds the reverse route of `pattern` from `values`, as ``RouteTable/url(for:parameters:query:scheme:)`` does.
    ///
    /// An app's converter (`<sku:code>`) is not known here: its value is written as the type's
    /// ``RouteParameterConvertible/routeParameter`` says, and the router checks it on resolve.
    static func build(_ pattern: String, _ values: TypedRouteValues, scheme: String?, host: String?) throws(RoutingError) -> String {
        let parsed = try TypedPatterns.shared.pattern(pattern)
        var builder = URLBuilder(pattern: parsed, parameters: values.path, converters: parsed.convertersAcceptingAppOnes)
        builder.catchAllParts = values.remainder
        builder.strictGroups = true
        let url: String
        if parsed.scheme == nil, let scheme, let host {
            url = scheme + "://" + host + (try builder.build(query: values.query, scheme: nil))
        } else {
            url = try builder.build(query: values.query, scheme: scheme)
        }
        return try URLBuilder.resolvable(url, limits: .default)
    }
}
