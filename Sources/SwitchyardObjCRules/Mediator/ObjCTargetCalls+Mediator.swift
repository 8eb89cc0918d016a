import SwitchyardMediator
import SwitchyardSupport

extension ObjCTargetCalls {
    /// The Swift mediator's way to these targets: a call no Swift target takes runs here, on
    /// the main actor (Objective-C actions make view controllers), with the call's parameters
    /// as a dictionary. A call from a URL reaches no `native` action, as CTMediator's remote
    /// form does not; a name no class answers is left to the mediator's own error.
    package func mediatorTargets() -> Mediator.ForeignTargets {
        { [self] call in
            // A name no Objective-C class could have (`Module.Name`) is not this lookup's: the
            // mediator's own error, which lists the Swift names it searched, stands.
            guard (try? ObjCNames.check(call.target, as: .target)) != nil, (try? ObjCNames.check(call.action, as: .action)) != nil else {
                return nil
            }
            if call.isRemote, ObjCNames.isLocalOnly(action: call.action) {
                return .failure(.localOnly(target: call.target, action: call.action))
            }
            let parameters = ObjCParameters.write(call.parameters)
            let outcome = await MainActor.run {
                perform(target: call.target, action: call.action, parameters: parameters, cache: false, tellingNoTargetAction: false).map { result in result.map(ObjCParameters.answer) ?? ForeignObject(result as Any) }
            }
            switch outcome {
            case .success(let value): return .success(value)
            case .failure(.targetNotFound): return nil
            case .failure(.actionNotFound): return .failure(.actionNotFound(target: call.target, action: call.action, available: []))
            case .failure(.localOnly): return .failure(.localOnly(target: call.target, action: call.action))
            case .failure(let error):
                // The code a direct call would give (an invalid module name, a method of the
                // wrong shape, an exception), not one that says only that the action failed.
                return .failure(.foreignCallRefused(target: call.target, action: call.action, code: ObjCErrorCode(error).name, reason: error.description))
            }
        }
    }
}
