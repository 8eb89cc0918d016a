#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardObjCExceptions
import SwitchyardObjCRules
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// Opens URLs, registers block handlers and builds URLs, for Objective-C: the Swift `Router`
/// underneath, with its interceptors, guards and limits for every caller.
///
/// Completion blocks are called on the main queue; block handlers run on the main thread.
@objc(SWYRouter)
public final class SWYRouter: NSObject {
    /// The Swift router this object speaks for.
    public let router: Router
    /// The owners the pages registered here named besides `ObjCRoutes.owner`: `unregisterPattern:` looks among them too.
    let owners = Locked<Set<String>>([ObjCRoutes.owner])
    /// Whether the page that shows controllers made by name is registered on the router.
    let controllerRoute = Locked(false)
    /// The app's Swift modules (its mediator's `modules`): a controller class `Module.Class` of
    /// another module is refused by name; empty, any.
    let classModules: [String]

    /// The Objective-C face of `router`; `modules` are the app's Swift modules, which a
    /// controller's class name (`Module.Class`) must be of when any are named.
    public init(router: Router, modules: [String] = []) {
        self.router = router
        self.classModules = modules
    }

    /// Opens `url` from code in the app.
    @objc(openURL:)
    public func open(_ url: String) {
        open(url, parameters: nil, source: .inApp, completion: nil)
    }

    /// Opens `url`; `completion` learns whether a page opened or an action ran, or why not.
    ///
    /// `opened` is `NO` with a `nil` error when an interceptor handled the open (a login page
    /// shown instead, a repeated tap).
    @objc(openURL:source:completion:)
    public func open(_ url: String, source: SWYRouteSource, completion: ((Bool, NSError?) -> Void)?) {
        open(url, parameters: nil, source: source, completion: completion)
    }

    /// Opens `url` with in-app values the route reads as native parameters (objects welcome).
    ///
    /// A parameter dictionary Switchyard does not take (`NSNull`, a key that is not a string,
    /// over a limit) fails the open with `SWYErrorCodeInvalidParameters` before anything runs.
    @objc(openURL:parameters:source:completion:)
    public func open(_ url: String, parameters: [AnyHashable: Any]?, source: SWYRouteSource, completion: ((Bool, NSError?) -> Void)?) {
        let router = router
        let from = source.source
        runCall(parameters: parameters, refused: { (false, $0) }, work: { values in
            ObjCRoutes.completion(of: await router.open(url, parameters: values, source: from))
        }, deliver: completion.map { block in { block($0.opened, $0.error) } })
    }

    /// Whether `url` matches a route (it may still be refused when opened).
    @objc(canOpenURL:)
    public func canOpen(_ url: String) -> Bool {
        router.canOpen(url)
    }

    /// Opens `url` and waits for its page or action to answer: `answer` is what it answered, or
    /// `error` says why there is none (`SWYErrorCodeCancelled` when it finished without answering).
    @objc(callURL:parameters:completion:)
    public func call(_ url: String, parameters: [AnyHashable: Any]?, completion: ((Any?, NSError?) -> Void)?) {
        let router = router
        runCall(parameters: parameters, refused: { (answer: nil, error: $0) }, work: { values -> (answer: Any?, error: NSError?) in
            do {
                return ObjCRoutes.completion(of: .success(try await router.call(url, parameters: values)))
            } catch {
                return ObjCRoutes.completion(of: .failure(error))
            }
        }, deliver: completion.map { block in { block($0.answer, $0.error) } })
    }

    /// Registers `handler` for `pattern` (`/product/:id`, the router's syntax); it runs on the
    /// main thread for every open of a matching URL that the interceptors let through.
    ///
    /// - Returns: `NO` with `error` naming the pattern and the offset of what is wrong, or a nil handler.
    ///
    /// An exception the block raises fails the open (`SWYErrorCodeActionFailed`, naming the
    /// pattern and the exception); it never unwinds through Switchyard.
    @objc(registerPattern:handler:error:)
    public func register(_ pattern: String, handler: (@convention(block) (SWYRouteRequest) -> Void)?) throws {
        guard let handler else {
            throw ObjCErrors.error(ObjCCallError.missingArgument(call: "registerPattern:handler:", argument: "the handler"))
        }
        // The block as the object it is, so that it is called from Objective-C, inside @try.
        let block = Unchecked(unsafeBitCast(handler, to: AnyObject.self))
        do {
            try ObjCRoutes.register(pattern: pattern, owner: ObjCRoutes.owner, in: router) { request in
                var ignored: AnyObject?
                if let exception = SWYCallBlock(block.value, SWYRouteRequest(request), false, &ignored) {
                    throw ObjCCallError.blockException(pattern: pattern, name: exception.name.rawValue, reason: exception.reason ?? "")
                }
            }
        } catch {
            throw ObjCErrors.error(error)
        }
    }

    /// Removes the routes registered for `pattern` through this face (never a Swift module's);
    /// `NO` when there was none.
    @objc(unregisterPattern:)
    @discardableResult
    public func unregister(_ pattern: String) -> Bool {
        owners.withLock { $0 }.reduce(false) { removed, owner in ObjCRoutes.unregister(pattern: pattern, owner: owner, in: router) || removed }
    }

    /// The URL for `pattern` with `parameters`: the pattern's parameters fill its segments, the
    /// rest become the query. Values are strings or numbers; each is encoded so that opening
    /// the URL gives it back unchanged.
    @objc(URLForPattern:parameters:error:)
    public func url(for pattern: String, parameters: [AnyHashable: Any]?) throws -> String {
        do {
            return try ObjCRoutes.url(for: pattern, values: parameters, in: router)
        } catch {
            throw ObjCErrors.error(error)
        }
    }
}
#endif
