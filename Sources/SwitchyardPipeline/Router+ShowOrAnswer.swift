import SwitchyardNavigation
import SwitchyardRouting

extension Router {
    /// What a mediator action returned, for the request that ran it: a ``Destination`` is
    /// pushed on the navigator; any other value answers the caller.
    package func showOrAnswer(_ result: any Sendable, for request: RouteRequest, pattern: String) async throws {
        guard let destination = result as? Destination else {
            request.answer(result)
            return
        }
        try await MainActor.run {
            guard let navigator = self.navigator else { throw OpenError.noNavigator(pattern: pattern) }
            try navigator.show(destination, command: .push, request: request)
        }
    }
}
