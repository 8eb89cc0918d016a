import Foundation
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// What the Objective-C router face decides: the dictionary a block handler reads, the URL a
/// pattern and a dictionary build, and what an open or a call tells its completion.
package enum ObjCRoutes {
    /// The owner of the routes the Objective-C face registers, unless a page names another.
    package static let owner = "objc"

    /// Registers a block handler as an action route, remembered by pattern for ``unregister(pattern:in:)``.
    ///
    /// The handler runs on the main actor, as Objective-C code that shows screens expects; the
    /// open waits for it, with the router's interceptors, guards and limits before it. What it
    /// throws (the face's ``ObjCCallError/blockException(pattern:name:reason:)``) fails the open
    /// as ``SwitchyardPipeline/OpenError/actionFailed(pattern:reason:)``.
    /// - Throws: ``SwitchyardPatterns/PatternError`` naming the pattern and the offset.
    @discardableResult
    package static func register(
        pattern: String, owner: String?, in router: Router, handler: @escaping @MainActor @Sendable (RouteRequest) throws -> Void
    ) throws(PatternError) -> RouteRegistration {
        try router.action(pattern, owner: owner) { request in
            try await MainActor.run { try handler(request) }
        }
    }

    /// The number Objective-C's `SWYRouteSource` gives `source`: an app-defined source is
    /// `custom` (6), never in-app, so a block that trusts in-app opens never trusts it.
    package static func sourceCode(of source: RouteSource) -> Int {
        switch source {
        case .inApp: return 0
        case .deepLink: return 1
        case .universalLink: return 2
        case .push: return 3
        case .h5: return 4
        case .restoration: return 5
        case .custom: return 6
        }
    }

    /// The source an Objective-C caller names by its `SWYRouteSource` number: an unknown number,
    /// or `custom` (whose name only Swift gives), is an outside source, `custom("objc")`.
    package static func source(code: Int) -> RouteSource {
        let known: [RouteSource] = [.inApp, .deepLink, .universalLink, .push, .h5, .restoration]
        return known.indices.contains(code) ? known[code] : .custom(owner)
    }

    /// Removes the routes `owner` registered for `pattern` (as written, or as the router prints
    /// it), never another module's; `false` when there was none.
    package static func unregister(pattern: String, owner: String?, in router: Router) -> Bool {
        let canonical = (try? RoutePattern(pattern, converters: router.configuration.converters, limits: router.configuration.limits))?.description
        let ids = router.table.routes.filter { $0.owner == owner && ($0.pattern == pattern || $0.pattern == canonical) }.map(\.id)
        var removed = false
        for id in ids where router.table.unregister(id) { removed = true }
        return removed
    }

    /// The parameters a block reads, in the order Swift's readers (`value(_:)`, `get(_:as:)`)
    /// take them: the path's, then the query's (first value of a repeated name), then what a web
    /// page or another app sent, then in-app native values, each name from the first that has it.
    /// What a page or another app sent is also apart, as ``callerParameters(of:)``: untrusted input.
    package static func parameters(of request: RouteRequest) -> [String: Any] {
        var merged = ObjCParameters.write(request.nativeParameters)
        for (name, value) in ObjCParameters.write(request.callerParameters) { merged[name] = value }
        for item in request.query.reversed() { merged[item.name] = item.value }
        for item in request.pathParameters { merged[item.name] = item.value }
        return merged
    }

    /// A caller's parameters (a web page's `params`), as a dictionary.
    package static func callerParameters(of request: RouteRequest) -> [String: Any] {
        ObjCParameters.write(request.callerParameters)
    }

    /// The URL for `pattern` with `values`: the pattern's parameters fill its segments, the rest
    /// become the query in key order. Values are strings or numbers.
    ///
    /// - Throws: ``ObjCCallError/parameter(path:problem:)`` for a value a URL cannot carry;
    ///   ``SwitchyardRouting/RoutingError`` for a bad pattern, a missing value or a URL over a limit.
    package static func url(for pattern: String, values: [AnyHashable: Any]?, in router: Router) throws -> String {
        let strings = try ObjCParameters.urlValues(values)
        let parsed: RoutePattern
        do {
            parsed = try RoutePattern(pattern, converters: router.configuration.converters, limits: router.configuration.limits)
        } catch {
            throw RoutingError.invalidPattern(error)
        }
        let names = Set(parsed.parameterNames)
        let query = RouteParameters(strings.filter { !names.contains($0.key) }.sorted { $0.key < $1.key }.map { RouteParameter(name: $0.key, value: $0.value) })
        return try router.table.url(for: pattern, parameters: strings.filter { names.contains($0.key) }, query: query)
    }

    /// Whether an open opened, and the error to hand Objective-C when it did not: `nil` for an
    /// open an interceptor handled (it did not fail; it did not open either).
    package static func completion(of result: OpenResult) -> (opened: Bool, error: NSError?) {
        switch result.outcome {
        case .rejected(let error): return (false, ObjCErrors.error(error))
        case .notFound(let noMatch): return (false, ObjCErrors.error(OpenError.invalidURL(.noMatch(noMatch))))
        case .handled: return (false, nil)
        case .openedPage, .performedAction, .openedExternally, .requestedScene: return (true, nil)
        }
    }

    /// What a call's completion receives: the answer as an object, or the error. A target that
    /// finished without answering is the error ``ObjCErrorCode/cancelled``.
    package static func completion(of answer: Result<Answer, any Error>) -> (answer: Any?, error: NSError?) {
        switch answer {
        case .success(.value(let value)): return ((value as? ForeignObject)?.value ?? value, nil)
        case .success(.cancelled): return (nil, ObjCErrors.error(OpenError.cancelled))
        case .failure(let error): return (nil, ObjCErrors.error(error))
        }
    }
}
