import SwitchyardNavigation
import SwitchyardRouting

extension Destination {
    /// Checks a ``RouteReceiver`` screen's parameters and hands it the request; other
    /// screens pass unchecked. Returns the refusal, if any.
    func deliver(_ request: RouteRequest, pattern: String) -> OpenError? {
        guard let receiver = content as? any RouteReceiver else { return nil }
        let problems = type(of: receiver).acceptedParameters.compactMap { $0.problem(in: request) }
        guard problems.isEmpty else { return .parametersRefused(pattern: pattern, problems) }
        receiver.receive(request)
        return nil
    }
}
