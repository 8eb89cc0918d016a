import SwitchyardPatterns

/// A route as a value: its pattern, reading it from a request and writing it back as a URL.
///
/// Declare one with the `@Route` macro, which checks the pattern and the properties at
/// compile time and writes the conformance:
///
/// ```swift
/// @Route("/product/<int:id>(/:tab)")
/// struct ProductRoute: Equatable {
///     let id: Int
///     var tab: String?
///     var ref: String? = nil          // not in the path: the query item `ref`
/// }
///
/// let path = ProductRoute(id: 42, tab: "reviews").path   // "/product/42/reviews"
/// ```
///
/// A typed route and a string URL share one matcher: a deep link that matches the pattern
/// reaches the same handler with the same decoded value. Reading and writing are inverse for
/// every value a URL can carry: `try ProductRoute(request: resolve(route.path)) == route`.
public protocol TypedRoute: Sendable {
    /// What an action route answers its caller; `Never` for routes that answer nothing.
    associatedtype Answer: Sendable = Never

    /// The route's pattern, in the router's syntax.
    static var pattern: String { get }

    /// Reads the route from a request its pattern matched.
    ///
    /// - Throws: ``ParameterError`` naming the parameter that is missing, or whose value is not
    ///   a valid value of the property's type.
    init(request: RouteRequest) throws(ParameterError)

    /// The route's path and query values as parameter text, before percent-encoding.
    var routeValues: TypedRouteValues { get }
}

extension TypedRoute {
    /// The reverse route: the path, then the query items, each value percent-encoded.
    ///
    /// Built by the same code as ``RouteTable/url(for:parameters:query:scheme:)``. Empty when a
    /// value cannot travel in a URL (an empty or NUL-holding path value, or a URL over
    /// `InputLimits.default`); ``makePath()`` says which, and opening the route reports it.
    public var path: String {
        (try? makePath()) ?? ""
    }

    /// The reverse route, or the error that says which value no URL can carry.
    ///
    /// - Throws: ``RoutingError/invalidParameter(name:value:pattern:)``,
    ///   ``RoutingError/missingParameter(name:pattern:)`` or ``RoutingError/malformedURL(_:)``
    ///   naming the limit the URL would be over.
    public func makePath() throws(RoutingError) -> String {
        try TypedRouteSupport.build(Self.pattern, routeValues, scheme: nil, host: nil)
    }

    /// The route as an absolute URL: `scheme://host/path?query`.
    ///
    /// - Parameters:
    ///   - scheme: the app's scheme (`myapp`) or `https` for a universal link.
    ///   - host: the host; when `nil`, the path's first segment is the host, as in
    ///     `myapp://product/42`.
    /// - Returns: the URL, or an empty string when ``path`` is empty.
    public func url(scheme: String, host: String? = nil) -> String {
        (try? TypedRouteSupport.build(Self.pattern, routeValues, scheme: scheme, host: host)) ?? ""
    }
}
