import Foundation
import SwitchyardApp
import SwitchyardMediator
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardServices

/// The codes of ``ObjCErrors/domain``, one per kind of failure, stable across releases.
///
/// Codes 1–26 are the pipeline's ``SwitchyardPipeline/OpenError/code`` names in their order, so
/// an Objective-C caller, a web page and another app name a failure the same way; the error's
/// `userInfo` holds the name under ``ObjCErrors/codeNameKey``. Numbers are never reused.
package enum ObjCErrorCode: Int, CaseIterable, Sendable {
    // An open's failures: OpenError.code.
    case notFound = 1, invalidURL, rejected, interceptorFailed, interceptorTimedOut, interceptorUnresponsive, redirectLoop,
         tooManyRedirects, tooManyDeclines, invalidRedirect, invalidWebPage, pageFailed, actionFailed, navigationFailed,
         sceneNotAttached, notRestorable, noNavigator, typedRouteShadowed, notOpenToCaller, declined, parametersRefused,
         invalidParent, cancelled, readinessQueueFull, homeWaiting, homeNotShown
    // A call by name (the mediator).
    case invalidTargetName = 100, targetNotFound, actionNotFound, unexpectedResult, targetActionFailed, localOnly, remoteURLRefused,
         invalidActionName, actionSignature, actionException, notCallable, methodNotFound, methodSignature, invalidArgument, methodException
    // Parameters.
    case invalidParameters = 200, invalidParameter, missingArgument
    // Patterns and URLs built from them.
    case invalidPattern = 300, urlNotBuilt, invalidPageOptions
    // Services.
    case serviceNotRegistered = 400, serviceNotConforming, serviceClassUnusable, serviceCycle, serviceFactoryFailed, servicesFrozen,
         serviceAlreadyRegistered, serviceNameAmbiguous
    // Modules.
    case duplicateModule = 500, moduleFailed, modulesAlreadyStarted
    /// An error of the app's own (a route's or an action's), passed on with its text.
    case other = 900

    /// The code's stable name: `notFound`, `targetNotFound`…
    package var name: String { String(describing: self) }

    /// The code whose ``name`` is `name`, if any.
    package init?(name: String) {
        guard let code = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = code
    }

    /// The code for any error the Swift layers throw.
    package init(_ error: any Error) {
        switch error {
        case let error as ObjCCallError: self = Self(call: error)
        case let error as OpenError: self = Self(name: error.code) ?? .other
        case let error as MediatorError: self = Self(mediator: error)
        case let error as ServiceError: self = Self(service: error)
        case let error as ModuleError:
            switch error {
            case .alreadyStarted, .startedAgain: self = .modulesAlreadyStarted
            case .duplicateName: self = .duplicateModule
            }
        case is PatternError: self = .invalidPattern
        case is ParameterError: self = .invalidParameter
        case let error as RoutingError: self = Self(routing: error)
        default: self = .other
        }
    }

    private init(call error: ObjCCallError) {
        switch error {
        case .invalidName(.action, _, _, _), .invalidName(.selector, _, _, _): self = .invalidActionName
        case .invalidName: self = .invalidTargetName
        case .targetNotFound: self = .targetNotFound
        case .actionNotFound: self = .actionNotFound
        case .actionSignature: self = .actionSignature
        case .actionException: self = .actionException
        case .localOnly: self = .localOnly
        case .remoteURLRefused: self = .remoteURLRefused
        case .parameter: self = .invalidParameters
        case .serviceNotConforming: self = .serviceNotConforming
        case .serviceClassUnusable: self = .serviceClassUnusable
        case .serviceAlreadyRegistered: self = .serviceAlreadyRegistered
        case .missingArgument: self = .missingArgument
        case .pageOptions: self = .invalidPageOptions
        case .notCallable: self = .notCallable
        case .methodNotFound: self = .methodNotFound
        case .methodSignature: self = .methodSignature
        case .argument, .controllerParameter: self = .invalidArgument
        case .methodException: self = .methodException
        case .notAScreen: self = .pageFailed
        case .blockException: self = .actionException
        case .moduleStep: self = .moduleFailed
        }
    }

    private init(mediator error: MediatorError) {
        switch error {
        case .invalidTargetName: self = .invalidTargetName
        case .targetNotFound: self = .targetNotFound
        case .actionNotFound: self = .actionNotFound
        case .invalidParameter: self = .invalidParameter
        case .unexpectedResult: self = .unexpectedResult
        case .actionFailed: self = .targetActionFailed
        case .foreignCallRefused(_, _, let code, _): self = Self(name: code) ?? .targetActionFailed
        case .localOnly: self = .localOnly
        case .schemeNotAccepted, .hostNotAccepted, .malformedURL, .signature: self = .remoteURLRefused
        }
    }

    private init(service error: ServiceError) {
        switch error {
        case .notRegistered, .notRegisteredInShared: self = .serviceNotRegistered
        case .cycle: self = .serviceCycle
        case .factoryFailed: self = .serviceFactoryFailed
        case .frozen: self = .servicesFrozen
        case .ambiguousName: self = .serviceNameAmbiguous
        }
    }

    private init(routing error: RoutingError) {
        switch error {
        case .noMatch: self = .notFound
        case .invalidPattern: self = .invalidPattern
        case .missingParameter, .invalidParameter: self = .urlNotBuilt
        case .malformedURL, .schemeNotAccepted, .hostNotAssociated, .regexGaveUp: self = .invalidURL
        }
    }
}

/// Builds the `NSError`s the Objective-C face hands its callers.
package enum ObjCErrors {
    /// `SwitchyardErrorDomain`: every error from the Objective-C face.
    package static let domain = "SwitchyardErrorDomain"
    /// The `userInfo` key of the code's stable name (``ObjCErrorCode/name``), such as `"targetNotFound"`.
    package static let codeNameKey = "SwitchyardErrorCodeName"

    /// A module's failure in a start step or an event, as ``ObjCErrorCode/moduleFailed``.
    package static func error(_ failure: ModuleReport.Failure) -> NSError {
        NSError(domain: domain, code: ObjCErrorCode.moduleFailed.rawValue, userInfo: [
            NSLocalizedDescriptionKey: failure.description,
            codeNameKey: ObjCErrorCode.moduleFailed.name,
        ])
    }

    /// `error` as an `NSError` of ``domain``: its ``ObjCErrorCode``, and its description as the
    /// localized description. An `NSError` of this domain is passed on unchanged.
    package static func error(_ error: any Error) -> NSError {
        let bridged = error as NSError
        if bridged.domain == domain { return bridged }
        let code = ObjCErrorCode(error)
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: String(describing: error), codeNameKey: code.name]
        // The app's own error keeps its domain and code underneath.
        if code == .other { userInfo[NSUnderlyingErrorKey] = bridged }
        return NSError(domain: domain, code: code.rawValue, userInfo: userInfo)
    }
}
