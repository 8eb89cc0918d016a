#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardObjCRules
import SwitchyardPipeline

extension SWYRouter {
    /// The user signed in, said by a login page in Objective-C: it closes, and the route it
    /// interrupted opens where it would have, in the scene it came from (Swift's `loginDone()`).
    ///
    /// `completion` (main queue) learns whether an interrupted route opened, or why not;
    /// `opened` is `NO` with a `nil` error when nothing was waiting. The app sets the login up
    /// in Swift with `requireLogin(for:except:loginPage:state:store:loginCommand:)`; without it,
    /// this does nothing and logs why.
    @objc(loginDoneWithCompletion:)
    public func loginDone(completion: ((Bool, NSError?) -> Void)?) {
        let router = router
        runCall(parameters: nil, refused: { (false, $0) }, work: { _ -> (opened: Bool, error: NSError?) in
            guard let resumed = await router.loginDone() else { return (false, nil) }
            return ObjCRoutes.completion(of: resumed)
        }, deliver: completion.map { block in { block($0.opened, $0.error) } })
    }

    /// The user gave up, said by a login page in Objective-C: it closes, and the route it
    /// interrupted is forgotten (Swift's `loginCancelled()`). `completion` runs on the main queue.
    @objc(loginCancelledWithCompletion:)
    public func loginCancelled(completion: (() -> Void)?) {
        let router = router
        runCall(parameters: nil, refused: { _ in () }, work: { _ in await router.loginCancelled() },
                deliver: completion.map { block in { _ in block() } })
    }
}
#endif
