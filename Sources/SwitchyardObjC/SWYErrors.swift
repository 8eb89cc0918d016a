#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardObjCRules

/// The codes of ``SWYErrors/domain``: the same numbers and names as `ObjCErrorCode`, which a
/// test holds this list to. Codes 1–26 are the pipeline's `OpenError.code`s.
@objc(SWYErrorCode)
public enum SWYErrorCode: Int {
    case notFound = 1, invalidURL, rejected, interceptorFailed, interceptorTimedOut, interceptorUnresponsive, redirectLoop,
         tooManyRedirects, tooManyDeclines, invalidRedirect, invalidWebPage, pageFailed, actionFailed, navigationFailed,
         sceneNotAttached, notRestorable, noNavigator, typedRouteShadowed, notOpenToCaller, declined, parametersRefused,
         invalidParent, cancelled, readinessQueueFull, homeWaiting, homeNotShown
    case invalidTargetName = 100, targetNotFound, actionNotFound, unexpectedResult, targetActionFailed, localOnly, remoteURLRefused,
         invalidActionName, actionSignature, actionException, notCallable, methodNotFound, methodSignature, invalidArgument, methodException
    case invalidParameters = 200, invalidParameter, missingArgument
    case invalidPattern = 300, urlNotBuilt, invalidPageOptions
    case serviceNotRegistered = 400, serviceNotConforming, serviceClassUnusable, serviceCycle, serviceFactoryFailed, servicesFrozen,
         serviceAlreadyRegistered, serviceNameAmbiguous
    case duplicateModule = 500, moduleFailed, modulesAlreadyStarted
    case other = 900
}

/// Where Switchyard's errors are: one domain, the code's name in `userInfo`.
@objc(SWYErrors)
public final class SWYErrors: NSObject {
    /// `SwitchyardErrorDomain`: the domain of every error Switchyard hands Objective-C.
    @objc public static var domain: String { ObjCErrors.domain }
    /// The `userInfo` key of the code's stable name (`"targetNotFound"`), as web pages and other apps get it.
    @objc public static var codeNameKey: String { ObjCErrors.codeNameKey }

    override private init() {}
}
#endif
