import Foundation
import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// What the Objective-C runtime answers about a view controller class made by name; the face
/// answers with `NSClassFromString`, `isSubclassOfClass:`, `SWYRoutableController` and
/// `property_getAttributes`, tests with a table.
package protocol ObjCControllerRuntime: Sendable {
    /// A controller a class made.
    associatedtype Controller
    /// Whether `className` is a linked `UIViewController` subclass that opted in, and the keys it lists.
    func lookUpController(className: String) -> ObjCControllerClass
    /// A new controller of the class (`[[cls alloc] init]`), or what its `init` raised.
    func make(className: String) -> Result<Controller?, ObjCException>
    /// Whether `value` is an instance of the class named `className` (or of a subclass).
    func value(_ value: Any, isKindOf className: String) -> Bool
    /// `setValue:forKey:` on the controller; what it raised (`setValue:forUndefinedKey:`), if anything.
    func set(_ value: Any, forKey key: String, on controller: Controller) -> ObjCException?
}

/// A class asked for by name, as the runtime found it.
package enum ObjCControllerClass: Equatable, Sendable {
    case missing
    /// Linked, but not a `UIViewController` subclass.
    case notAController
    /// A controller that does not adopt `SWYRoutableController`.
    case notOptedIn
    /// A controller that opted in; `keys` are the parameters it lists, by their property's type.
    case optedIn(keys: [String: ObjCPropertyType])
}

/// A property's type, from its attribute string (`property_getAttributes`).
package enum ObjCPropertyType: Equatable, Sendable {
    /// An object; `className` when the property names one (`NSString *`), nil for `id`.
    case object(className: String?)
    /// A number or a `BOOL`.
    case scalar(ObjCArgumentKind)
    /// A type a parameter cannot set (a struct, a pointer), or a read-only property: why.
    case unsupported(String)

    /// The type an attribute string (`T@"NSString",C,N,V_title`, `Tq,N,V_count`) declares.
    package init(attributes: String) {
        let fields = attributes.split(separator: ",").map(String.init)
        guard let type = fields.first, type.hasPrefix("T") else { self = .unsupported("its attributes do not parse"); return }
        if fields.dropFirst().contains("R") { self = .unsupported("it is read-only"); return }
        let encoding = String(type.dropFirst())
        if encoding.hasPrefix("@") {
            if encoding == "@?" { self = .unsupported("it is a block"); return }
            let name = encoding.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            // `@"<Protocol>"` names protocols only, no class.
            self = .object(className: name.isEmpty || name.hasPrefix("<") ? nil : String(name.prefix { $0 != "<" }))
            return
        }
        switch ObjCMethodShape.positional(encoding: "v@:" + encoding) {
        case .callable(_, let kinds) where kinds.count == 1: self = .scalar(kinds[0])
        default: self = .unsupported("its type \(encoding) is not an object, a number or a BOOL")
        }
    }
}

/// How a controller made by name is shown: seed 001's transition modes.
package enum ObjCShowMode: Int, Sendable {
    case push = 0, present, presentInNavigation, none
}

/// Seed 001's `transitionWithSource:Target:Params:TransitionMode:complete:`, decided in Swift: a
/// `UIViewController` subclass found by its name (a Swift class by `Module.Class`), only one that
/// adopts `SWYRoutableController`, made, and given the parameters it lists by KVC, each value's
/// class checked against its property first. For code in the app only: no URL, web page or other
/// app reaches it, unless a route the app registered makes the controller itself.
package struct ObjCControllers<Runtime: ObjCControllerRuntime>: Sendable {
    package let runtime: Runtime
    /// The app's Swift modules: a `Module.Class` of another module is refused; empty, any.
    package let modules: [String]

    package init(runtime: Runtime, modules: [String] = []) {
        self.runtime = runtime
        self.modules = modules
    }

    /// A new controller of `className` with `parameters` set, or why not; nothing is made when a
    /// name, a key or a value is wrong, and a setter that raises is named.
    package func make(className: String, parameters: [String: Any]) -> Result<Runtime.Controller, ObjCCallError> {
        do {
            try ObjCNames.checkClassName(className, modules: modules)
        } catch {
            return .failure(error)
        }
        let keys: [String: ObjCPropertyType]
        switch runtime.lookUpController(className: className) {
        case .missing: return .failure(.notCallable(className: className, reason: "no such class is linked"))
        case .notAController: return .failure(.notCallable(className: className, reason: "it is not a UIViewController"))
        case .notOptedIn:
            return .failure(.notCallable(className: className, reason: "it does not adopt SWYRoutableController, which a controller adopts to be made by name"))
        case .optedIn(let listed): keys = listed
        }
        // Every key and value before the controller is made.
        for key in parameters.keys.sorted() {
            guard let value = parameters[key] else { continue }
            guard let type = keys[key] else {
                let listed = keys.keys.sorted().joined(separator: ", ")
                return .failure(.controllerParameter(className: className, key: key,
                                                     problem: "the class does not list it (it lists \(listed.isEmpty ? "nothing" : listed))"))
            }
            if let problem = problem(with: value, for: type) {
                return .failure(.controllerParameter(className: className, key: key, problem: problem))
            }
        }
        let controller: Runtime.Controller
        switch runtime.make(className: className) {
        case .success(let made?): controller = made
        case .success(nil): return .failure(.notCallable(className: className, reason: "its init returned nil"))
        case .failure(let exception):
            return .failure(.methodException(className: className, selector: "init", name: exception.name, reason: exception.reason))
        }
        for key in parameters.keys.sorted() {
            guard let value = parameters[key] else { continue }
            if let exception = runtime.set(value, forKey: key, on: controller) {
                return .failure(.controllerParameter(className: className, key: key, problem: "setting it raised \(exception.name): \(exception.reason)"))
            }
        }
        return .success(controller)
    }

    /// Why `value` cannot be set on a property of `type`, or `nil` when it can.
    func problem(with value: Any, for type: ObjCPropertyType) -> String? {
        switch type {
        case .unsupported(let why): return "its property cannot be set: \(why)"
        case .scalar(let kind): return kind.problem(with: value)
        case .object(let className):
            if value is NSNull { return "NSNull, which would set nil: leave the key out" }
            guard let className, !runtime.value(value, isKindOf: className) else { return nil }
            return "a \(ObjCParameters.className(value)), where the property is a \(DisplaySafe.text(className))"
        }
    }
}

/// The page a controller made by name is shown through, so it lands in the back stack as a
/// page's screen does and its caller hears when it answers or closes. It shows only a controller
/// code in the app handed it (a native parameter no URL, web page or other app can carry); any
/// other open of its URL is declined.
package enum ObjCControllerRoute {
    /// The route's pattern; a controller's class is its `class` query value, for logs.
    package static let pattern = "/x-switchyard/controller"
    /// The native parameter that carries the controller.
    package static let controllerKey = "x-switchyard-controller"

    /// The native parameter that carries what runs as the controller is shown, with its request.
    package static let onShowKey = "x-switchyard-on-show"

    /// Registers the route on `router`.
    @discardableResult
    package static func register(in router: Router) throws(PatternError) -> RouteRegistration {
        try router.page(pattern, owner: ObjCRoutes.owner) { request in
            guard request.source == .inApp, let made = request.nativeParameters[controllerKey] as? ForeignObject else {
                throw RouteDeclined("only code in the app shows a controller made by name")
            }
            if let onShow = request.nativeParameters[onShowKey] as? @MainActor @Sendable (RouteRequest) -> Void { onShow(request) }
            return Destination(made.value, name: request.string("class") ?? "controller")
        }
    }

    /// Shows `controller` as `mode` says and waits for what it answers: a cancelled answer when
    /// it closes without one. `onShow` gets the request as it is shown, on the main actor, to
    /// hand the controller a way to answer. `.none` shows nothing and answers nothing.
    package static func show(
        _ controller: Any, className: String, mode: ObjCShowMode, in router: Router,
        onShow: @escaping @MainActor @Sendable (RouteRequest) -> Void = { _ in }
    ) async -> Result<Answer, any Error> {
        let command: NavigationCommand
        switch mode {
        case .push: command = .push
        case .present: command = .present
        case .presentInNavigation: command = .presentInNavigation
        case .none: return .success(.cancelled)
        }
        var options = OpenOptions()
        options.command = command
        let url = pattern + "?class=" + PercentCoding.encode(className)
        do {
            return .success(try await router.call(url, parameters: [controllerKey: ForeignObject(controller), onShowKey: onShow], options: options))
        } catch {
            return .failure(error)
        }
    }
}
