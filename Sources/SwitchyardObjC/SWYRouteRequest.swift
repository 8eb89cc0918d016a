#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardObjCRules
import SwitchyardRouting
import SwitchyardSupport

/// Where an open came from, as Objective-C names it. `custom` is a source the app defined in
/// Swift (`RouteSource.custom`): from outside, never to be trusted as in-app.
@objc(SWYRouteSource)
public enum SWYRouteSource: Int {
    case inApp = 0, deepLink, universalLink, push, h5, restoration, custom

    var source: RouteSource { ObjCRoutes.source(code: rawValue) }

    init(_ source: RouteSource) {
        self = SWYRouteSource(rawValue: ObjCRoutes.sourceCode(of: source)) ?? .custom
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
    /// Every value, in the order Swift's `request.value(_:)` reads them: the path's, then the
    /// query's (first value), then what a web page or another app sent, then in-app values.
    @objc public var parameters: [String: Any] { ObjCRoutes.parameters(of: request) }
    /// What a web page or another app sent besides the URL, alone (Swift's `callerParameters`):
    /// untrusted input, also in `parameters` under the path's and the query's values.
    @objc public var callerParameters: [String: Any] { ObjCRoutes.callerParameters(of: request) }
    /// Where the open came from.
    @objc public var source: SWYRouteSource { SWYRouteSource(request.source) }
    /// The name of an app-defined source (`source` is `SWYRouteSourceCustom`); nil otherwise.
    @objc public var customSourceName: String? {
        if case .custom(let name) = request.source { return name }
        return nil
    }
    /// Who asked, in words (`in-app`, `page https://shop.example.com`…).
    @objc public var callerDescription: String { request.caller.description }

    /// Answers the caller, once; later answers are ignored and logged. `nil` answers that there
    /// is no answer (`cancelAnswer`). Strings, numbers, dates, data, URLs, and arrays and
    /// dictionaries of them reach a web page or another app as JSON; another object reaches
    /// in-app callers only (a page or another app is told the answer has no JSON form).
    @objc(answer:)
    public func answer(_ value: Any?) {
        guard let value else { return request.cancelAnswer() }
        request.answer(ObjCParameters.answer(value))
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
