#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardObjCRules
import SwitchyardRouting
import SwitchyardSupport

/// Where an open came from, as Objective-C names it.
@objc(SWYRouteSource)
public enum SWYRouteSource: Int {
    case inApp = 0, deepLink, universalLink, push, h5, restoration

    var source: RouteSource {
        switch self {
        case .inApp: return .inApp
        case .deepLink: return .deepLink
        case .universalLink: return .universalLink
        case .push: return .push
        case .h5: return .h5
        case .restoration: return .restoration
        }
    }

    init(_ source: RouteSource) {
        switch source {
        case .deepLink: self = .deepLink
        case .universalLink: self = .universalLink
        case .push: self = .push
        case .h5: self = .h5
        case .restoration: self = .restoration
        case .inApp, .custom: self = .inApp
        }
    }
}

/// One open as a block handler sees it: the URL, what matched, the parameters, and the answer.
///
/// Keep the request to answer later (after a screen closes): the caller of
/// `callURL:parameters:completion:` waits until an answer or until the request is released.
@objc(SWYRouteRequest)
public final class SWYRouteRequest: NSObject {
    let request: RouteRequest

    init(_ request: RouteRequest) {
        self.request = request
    }

    /// The URL as it was opened.
    @objc public var url: String { request.url }
    /// The pattern that matched, as the router prints it.
    @objc public var pattern: String { request.pattern?.description ?? "" }
    /// The path's parameters, then the query's (first value), then in-app values; never a
    /// page's or another app's values, which are `callerParameters`.
    @objc public var parameters: [String: Any] { ObjCRoutes.parameters(of: request) }
    /// What a web page or another app sent besides the URL: untrusted input.
    @objc public var callerParameters: [String: Any] { ObjCRoutes.callerParameters(of: request) }
    /// Where the open came from.
    @objc public var source: SWYRouteSource { SWYRouteSource(request.source) }
    /// Who asked, in words (`in-app`, `page https://shop.example.com`…).
    @objc public var callerDescription: String { request.caller.description }

    /// Answers the caller, once; later answers are ignored and logged. `nil` answers that there
    /// is no answer (`cancelAnswer`).
    @objc(answer:)
    public func answer(_ value: Any?) {
        guard let value else { return request.cancelAnswer() }
        request.answer(ForeignObject(value))
    }

    /// Answers the caller with an error, once; `nil` answers with an error saying so.
    @objc(answerWithError:)
    public func answer(error: NSError?) {
        request.answer(throwing: error ?? ObjCErrors.error(ObjCCallError.missingArgument(call: "answerWithError:", argument: "the error")))
    }

    /// Tells the caller there will be no answer, once.
    @objc public func cancelAnswer() {
        request.cancelAnswer()
    }
}
#endif
