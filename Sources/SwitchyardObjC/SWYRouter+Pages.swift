#if canImport(UIKit) && canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardNavigation
import SwitchyardObjCExceptions
import SwitchyardObjCRules
import SwitchyardRouting
import UIKit

/// How a page is shown, as Objective-C names it; `customCommand` names an app-defined one.
@objc(SWYPageCommand)
public enum SWYPageCommand: Int {
    case push = 0, present, presentFullScreen, presentInNavigation, replace, setRoot, newScene

    var command: NavigationCommand {
        switch self {
        case .push: return .push
        case .present: return .present
        case .presentFullScreen: return .presentFullScreen
        case .presentInNavigation: return .presentInNavigation
        case .replace: return .replace
        case .setRoot: return .setRoot
        case .newScene: return .newScene
        }
    }
}

/// What a Swift page's `router.page(_:command:parents:home:priority:owner:)` takes, for Objective-C.
@objc(SWYPageOptions)
public final class SWYPageOptions: NSObject {
    /// How the page is shown; `SWYPageCommandPush` unless set.
    @objc public var command: SWYPageCommand = .push
    /// An app-defined command by name (the navigator's custom presentations); wins over `command`.
    @objc public var customCommand: String?
    /// The page patterns built under this page when a link opens it on an empty stack,
    /// outermost first (`@[@"/orders"]` for `/order/:id`), filled from its parameters.
    @objc public var parents: [String] = []
    /// The tab the page lives in (one of the router's `tabs`): opening it selects that tab.
    @objc public var homeTab: String?
    /// The split-view column the page lives in: `primary`, `supplementary` or `detail`.
    @objc public var homeColumn: String?
    /// Ranks the route among those that match the same URL; higher first. Default 0.
    @objc public var priority: Int = 0
    /// The module the page belongs to, as the router's reports name it; `objc` unless set.
    @objc public var owner: String?

    /// A pushed page, in no tab, with no parents.
    @objc override public init() {}
}

extension SWYRouter {
    /// Registers a page: `make` makes its view controller from the request, and the router shows
    /// it as it shows a Swift page's (tabs, parents at cold start, login, restoration, scenes,
    /// callers' lists, answers through `answer:`).
    ///
    /// `make` runs on the main thread. Return nil to decline (the next route that matches is
    /// tried). Anything that is not a `UIViewController`, or an exception, fails the open
    /// (`SWYErrorCodePageFailed`, naming the pattern) and nothing is shown.
    /// - Returns: `NO` with `error` for a bad pattern (`SWYErrorCodeInvalidPattern`), a home tab
    ///   the router's tabs do not have, options that cannot be (`SWYErrorCodeInvalidPageOptions`),
    ///   or a nil block.
    @objc(registerPage:options:make:error:)
    public func registerPage(
        _ pattern: String, options: SWYPageOptions?, make: (@convention(block) (SWYRouteRequest) -> UIViewController?)?
    ) throws {
        guard let make else {
            throw ObjCErrors.error(ObjCCallError.missingArgument(call: "registerPage:options:make:", argument: "the block"))
        }
        let given = options ?? SWYPageOptions()
        // The block as the object it is, so that it is called from Objective-C, inside @try.
        let block = Unchecked(unsafeBitCast(make, to: AnyObject.self))
        do {
            let checked = try ObjCPageOptions(
                pattern: pattern, command: given.command.command, customCommand: given.customCommand, parents: given.parents,
                tab: given.homeTab, column: given.homeColumn, priority: given.priority, owner: given.owner)
            try ObjCPages.register(pattern: pattern, options: checked, in: router) { request -> ObjCPageMade<UIViewController> in
                var made: AnyObject?
                if let exception = SWYCallBlock(block.value, SWYRouteRequest(request), true, &made) {
                    return .raised(ObjCException(exception))
                }
                guard let made else { return .declined }
                guard let screen = made as? UIViewController else { return .notAScreen(className: NSStringFromClass(type(of: made))) }
                return .screen(screen, name: NSStringFromClass(type(of: screen)))
            }
            if let owner = checked.owner { owners.withLock { _ = $0.insert(owner) } }
        } catch {
            throw ObjCErrors.error(error)
        }
    }
}
#endif
