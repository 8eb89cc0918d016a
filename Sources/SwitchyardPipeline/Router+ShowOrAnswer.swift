import SwitchyardNavigation
import SwitchyardRouting

extension Router {
    /// What a mediator action returned, for the request that ran it: a ``Destination`` is
    /// pushed on the navigator of the scene the open arrived in; any other value answers the caller.
    package func showOrAnswer(_ result: any Sendable, for request: RouteRequest, pattern: String) async throws {
        guard let destination = result as? Destination else {
            request.answer(result)
            return
        }
        try await MainActor.run {
            try self.navigator(forScene: request.scene, pattern: pattern).get().show(destination, command: .push, request: request)
        }
    }
}
