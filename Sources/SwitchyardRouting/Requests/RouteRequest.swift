import struct Foundation.UUID
import SwitchyardPatterns
import SwitchyardSupport

/// Everything a route handler learns about one open: the URL, what matched, and the parameters.
///
/// Parameters are read through typed accessors. When a name appears in more than one
/// place, the path wins over the query, the query over a caller's parameters, and those over
/// native parameters. ``native(_:as:)`` reads in-app values only: what a page or another app
/// sent is never one.
///
/// ```swift
/// // /product/:id matched "myapp://product/42?source=home"
/// let id = request.int("id")              // 42, or nil
/// let source = request.string("source")   // "home"
/// let checkedID = try request.require("id", as: Int.self)   // 42, or a ParameterError naming "id"
/// ```
public struct RouteRequest: Sendable {
    /// The URL as it was opened.
    public let url: String
    /// The URL's scheme, lowercased; `nil` for a bare path.
    public let scheme: String?
    /// The web host for `http(s)` URLs, lowercased.
    public let host: String?
    /// The normalized path that was matched, still percent-encoded (`/product/42`).
    public let path: String
    /// The pattern that matched.
    public let pattern: RoutePattern?
    /// Parameters bound by the pattern's segments, percent-decoded.
    public let pathParameters: RouteParameters
    /// The segments a catch-all (`*` or `<path:name>`) took, decoded; `nil` if the route has none.
    public let remainder: [String]?
    /// Query items, decoded (`+` is a space), repeated names kept in order.
    public let query: RouteParameters
    /// In-app values of any `Sendable` type: models, images, closures. Only code inside the
    /// app puts values here; a page's or another app's are ``callerParameters``.
    public var nativeParameters: [String: any Sendable]
    /// The values a caller outside the app sent besides the URL: a web page's `params` (`String`,
    /// `Int`, `Double`, `Bool`, arrays and dictionaries of those). Untrusted, like the query:
    /// the typed accessors read them after the query; ``native(_:as:)`` never does.
    public package(set) var callerParameters: [String: any Sendable] = [:]
    /// Who asked: the app, a link, a web page, another app. Set by the router from the open's
    /// ``RouteSource`` unless the caller said more (a page's origin, another app's `x-source`).
    public package(set) var caller: RouteCaller
    /// The fragment, decoded; never used for matching.
    public let fragment: String?
    /// Where the open came from; security rules read it.
    public let source: RouteSource
    /// The screen the open comes from (`open(_:from:…)`), for the navigator to present on; a
    /// ``PageHandler`` may choose another.
    public package(set) var presenter: String?
    /// The scene (window) the open arrived in (``OpenOptions``' `scene`); `nil` for the app's
    /// one navigator. A mediator action that returns a page shows it in this scene.
    public package(set) var scene: String?
    /// Whether the user did not ask for this page: a window's home the router puts in place at
    /// launch or after login (`Router.showHomes(scene:)`). An interceptor that remembers where
    /// the user was going (login's pending route) does not remember such a page.
    public package(set) var isUnasked = false
    /// Whether a `+` in ``path`` stood for a space when the router matched it
    /// (``PlusDecoding/pathAndQuery``), so policies read the path as the router did.
    package var plusIsSpaceInPath = false
    /// Set by ``Router`` when a caller may await an answer; see ``answer(_:)``.
    package var responder: Responder?
    /// Set by the router while interceptors run, to report one that finishes twice.
    package var reportRepeatedFinish: (@Sendable (String) -> Void)?

    /// Creates a request from its parts; resolving a URL with a table makes one for you.
    public init(
        url: String,
        scheme: String? = nil,
        host: String? = nil,
        path: String,
        pattern: RoutePattern? = nil,
        pathParameters: RouteParameters = [:],
        remainder: [String]? = nil,
        query: RouteParameters = [:],
        nativeParameters: [String: any Sendable] = [:],
        fragment: String? = nil,
        source: RouteSource = .inApp
    ) {
        self.url = url
        self.scheme = scheme
        self.host = host
        self.path = path
        self.pattern = pattern
        self.pathParameters = pathParameters
        self.remainder = remainder
        self.query = query
        self.nativeParameters = nativeParameters
        self.fragment = fragment
        self.source = source
        self.caller = RouteCaller(source: source)
    }

    /// The value for `name` as text: path, then query (first value), then a caller's or a native
    /// value that is a `String` or a `LosslessStringConvertible`.
    public func value(_ name: String) -> String? {
        if let value = pathParameters[name] { return value }
        if let value = query[name] { return value }
        switch given(name) {
        case let string as String: return string
        case let convertible as any LosslessStringConvertible: return convertible.description
        default: return nil
        }
    }

    /// The parameter `name` as a `T`, or `nil` when it is missing or does not parse.
    public func get<T: RouteParameterValue>(_ name: String, as type: T.Type = T.self) -> T? {
        if pathParameters[name] == nil, query[name] == nil, let typed = given(name) as? T {
            return typed
        }
        return value(name).flatMap(T.init(routeParameter:))
    }

    /// The parameter `name` as a `T`.
    ///
    /// - Throws: ``ParameterError`` saying whether it is missing or which value did not parse.
    public func require<T: RouteParameterValue>(_ name: String, as type: T.Type = T.self) throws(ParameterError) -> T {
        if let value = get(name, as: type) { return value }
        guard let text = value(name) else { throw ParameterError(name: name, reason: .missing) }
        throw ParameterError(name: name, reason: .invalid(value: text, expected: String(describing: T.self)))
    }

    /// A native parameter of any type, as passed by in-app code; never a value a page or
    /// another app sent (read those with ``caller(_:as:)`` or the typed accessors).
    public func native<T>(_ name: String, as type: T.Type = T.self) -> T? {
        ForeignObject.unwrap(nativeParameters[name], as: type)
    }

    /// A value given besides the URL: a caller's, else a native one; what the typed readers take
    /// after the path and the query.
    package func given(_ name: String) -> (any Sendable)? {
        callerParameters[name] ?? nativeParameters[name]
    }

    /// A value a caller outside the app sent (``callerParameters``) as a `T`: untrusted input.
    public func caller<T>(_ name: String, as type: T.Type = T.self) -> T? {
        callerParameters[name] as? T
    }

    /// Answers the caller that opened this request, once; later answers are ignored and logged.
    ///
    /// A login page answers `true` after signing in; a picker answers the picked items.
    public func answer(_ value: any Sendable) {
        responder?.answer(.success(.value(value)))
    }

    /// Answers the caller with an error, once.
    public func answer(throwing error: any Error) {
        responder?.answer(.failure(error))
    }

    /// Tells the caller there will be no answer (``Answer/cancelled``), once.
    public func cancelAnswer() {
        responder?.answer(.success(.cancelled))
    }

    /// The parameter `name` as text, looked up as ``value(_:)`` does.
    public func string(_ name: String) -> String? { value(name) }
    /// The parameter `name` as an `Int`, or `nil` when it is missing or not an integer.
    public func int(_ name: String) -> Int? { get(name, as: Int.self) }
    /// The parameter `name` as a `Double`, or `nil` when it is missing or not a number.
    public func double(_ name: String) -> Double? { get(name, as: Double.self) }
    /// The parameter `name` as a `Bool` (`true`/`false`, `yes`/`no`, `1`/`0`, `on`/`off`), or `nil`.
    public func bool(_ name: String) -> Bool? { get(name, as: Bool.self) }
    /// The parameter `name` as a `UUID`, or `nil` when it is missing or not a UUID.
    public func uuid(_ name: String) -> UUID? { get(name, as: UUID.self) }
}
