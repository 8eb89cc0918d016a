import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardRouting

extension Router {
    /// Makes the screen of a page route for `request` and hands it the request, without
    /// navigating: what ``destination(for:parameters:)`` and deep-link parents use.
    @MainActor
    func makePage(_ target: RouteTarget, request: RouteRequest, pattern: String) throws(OpenError) -> Destination {
        let destination: Destination
        switch target.kind {
        case .page(_, let make):
            do {
                destination = try make(request)
            } catch let refusal as TypedRouteRefusal {
                throw refusal.error
            } catch {
                throw .pageFailed(pattern: pattern, reason: "\(error)")
            }
        case .handler(let handler):
            guard handler.shouldHandle(request) else { throw .declined(pattern: pattern) }
            do { destination = try handler.makeDestination(for: request) } catch { throw .pageFailed(pattern: pattern, reason: "\(error)") }
        case .action, .redirect:
            throw .pageFailed(pattern: pattern, reason: "the route is not a page")
        }
        if let refusal = destination.deliver(request, pattern: pattern) { throw refusal }
        return destination
    }

    /// The screens of `parents`, root first, each opened with the URL its pattern gives
    /// when filled from `request`'s parameters.
    @MainActor
    func parentPages(_ parents: [String], of pattern: String, request: RouteRequest) throws(OpenError) -> [(Destination, RouteRequest)] {
        var values: [String: String] = [:]
        for parameter in request.pathParameters.items + request.query.items where values[parameter.name] == nil {
            values[parameter.name] = parameter.value
        }
        let registered = Set(table.routes.map(\.pattern))
        var pages: [(Destination, RouteRequest)] = []
        for parent in parents {
            let canonical = (try? RoutePattern(parent, converters: configuration.converters, limits: configuration.limits).description) ?? parent
            guard registered.contains(canonical) else {
                throw .invalidParent(pattern: pattern, parent: parent, reason: "no route is registered with that pattern")
            }
            let match: RouteMatch<RouteTarget>
            do {
                match = try table.resolve(try table.url(for: parent, parameters: values), source: request.source)
            } catch {
                throw .invalidParent(pattern: pattern, parent: parent, reason: "\(error)")
            }
            do {
                pages.append((try makePage(match.target, request: match.request, pattern: match.route.pattern), match.request))
            } catch {
                throw .invalidParent(pattern: pattern, parent: parent, reason: "\(error)")
            }
        }
        return pages
    }
}
