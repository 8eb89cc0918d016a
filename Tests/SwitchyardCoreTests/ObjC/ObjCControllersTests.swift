import Foundation
import Switchyard
import SwitchyardObjCRules
import SwitchyardSupport
import Testing

/// A controller made by name in these tests: what KVC set on it.
final class FakeViewController: @unchecked Sendable {
    let className: String
    let values = Shared<[String: String]>([:])
    init(className: String) { self.className = className }
}

/// View controller classes as a table, for the decisions `ObjCControllers` makes.
struct FakeControllerRuntime: ObjCControllerRuntime {
    let made = Shared<[String]>([])

    func lookUpController(className: String) -> ObjCControllerClass {
        switch className {
        case "LegacyOrderViewController", "OrdersFeature.OrderViewController":
            return .optedIn(keys: [
                "orderID": .object(className: "NSString"), "count": .scalar(.signed(bytes: 8)), "gift": .scalar(.bool),
                "delegate": .object(className: nil), "frame": .unsupported("its type {CGRect={CGPoint=dd}{CGSize=dd}} is not an object, a number or a BOOL"),
                "fragile": .object(className: nil),
            ])
        case "ExplodingViewController": return .optedIn(keys: [:])
        case "PlainViewController": return .notOptedIn
        case "NSString": return .notAController
        default: return .missing
        }
    }

    func make(className: String) -> Result<FakeViewController?, ObjCException> {
        if className == "ExplodingViewController" { return .failure(ObjCException(name: "NSInternalInconsistencyException", reason: "no nib")) }
        made.withLock { $0.append(className) }
        return .success(FakeViewController(className: className))
    }

    func value(_ value: Any, isKindOf className: String) -> Bool {
        switch className {
        case "NSString": return value is String
        case "NSNumber": return value is NSNumber
        default: return false
        }
    }

    func set(_ value: Any, forKey key: String, on controller: FakeViewController) -> ObjCException? {
        if key == "fragile" { return ObjCException(name: "NSUnknownKeyException", reason: "setValue:forUndefinedKey: this class is not key value coding-compliant for the key fragile.") }
        controller.values.withLock { $0[key] = "\(value)" }
        return nil
    }
}

/// Issue 49, item 2: seed 001's controller by name, for code in the app.
@Suite("Objective-C: controllers made by name")
struct ObjCControllersTests {
    @Test func anOptedInControllerIsMadeWithTheParametersItLists() throws {
        let runtime = FakeControllerRuntime()
        let controller = try ObjCControllers(runtime: runtime).make(className: "LegacyOrderViewController", parameters: [
            "orderID": "42", "count": NSNumber(value: 3), "gift": NSNumber(value: true), "delegate": FakeViewController(className: "Other"),
        ]).get()
        #expect(controller.values.current["orderID"] == "42" && controller.values.current["count"] == "3" && controller.values.current["gift"] == "1")
        #expect(try ObjCControllers(runtime: runtime).make(className: "OrdersFeature.OrderViewController", parameters: [:]).get().className
                == "OrdersFeature.OrderViewController")
    }

    static let refusals: [(className: String, key: String?, value: String, error: ObjCCallError)] = [
        ("Nowhere", nil, "", .notCallable(className: "Nowhere", reason: "no such class is linked")),
        ("NSString", nil, "", .notCallable(className: "NSString", reason: "it is not a UIViewController")),
        ("PlainViewController", nil, "", .notCallable(className: "PlainViewController",
                                                       reason: "it does not adopt SWYRoutableController, which a controller adopts to be made by name")),
        ("Orders/../Keys", nil, "", .invalidName(kind: .className, name: "Orders/../Keys", offset: 6,
                                                 reason: "\"/\" does not belong in a name: name the target and the action apart")),
        (String(repeating: "V", count: 10_240), nil, "", .invalidName(kind: .className, name: String(repeating: "V", count: 10_240), offset: 128,
                                                                      reason: "10240 bytes, over the limit of 128")),
        ("LegacyOrderViewController", "secret", "x", .controllerParameter(className: "LegacyOrderViewController", key: "secret",
                                                                          problem: "the class does not list it (it lists count, delegate, fragile, frame, gift, orderID)")),
        ("LegacyOrderViewController", "orderID", "number", .controllerParameter(className: "LegacyOrderViewController", key: "orderID",
                                                                                problem: "a NSNumber, where the property is a NSString")),
        ("LegacyOrderViewController", "orderID", "null", .controllerParameter(className: "LegacyOrderViewController", key: "orderID",
                                                                              problem: "NSNull, which would set nil: leave the key out")),
        ("LegacyOrderViewController", "count", "x", .controllerParameter(className: "LegacyOrderViewController", key: "count",
                                                                         problem: "a String, where the method takes a 64-bit integer")),
        ("LegacyOrderViewController", "frame", "x", .controllerParameter(className: "LegacyOrderViewController", key: "frame",
                                                                         problem: "its property cannot be set: its type {CGRect={CGPoint=dd}{CGSize=dd}} is not an object, a number or a BOOL")),
        ("LegacyOrderViewController", "fragile", "x", .controllerParameter(className: "LegacyOrderViewController", key: "fragile",
                                                                           problem: "setting it raised NSUnknownKeyException: setValue:forUndefinedKey: this class is not key value coding-compliant for the key fragile.")),
        ("ExplodingViewController", nil, "", .methodException(className: "ExplodingViewController", selector: "init", name: "NSInternalInconsistencyException", reason: "no nib")),
    ]

    /// Each refusal: the exact error; nothing is made unless the names and every value were right.
    @Test(arguments: 0..<12)
    func aControllerThatCannotBeMadeIsRefusedNamingWhy(index: Int) {
        let refusal = Self.refusals[index]
        let runtime = FakeControllerRuntime()
        var parameters: [String: Any] = [:]
        if let key = refusal.key {
            parameters[key] = refusal.value == "number" ? NSNumber(value: 7) : refusal.value == "null" ? NSNull() : refusal.value as Any
        }
        let result = ObjCControllers(runtime: runtime).make(className: refusal.className, parameters: parameters)
        guard case .failure(let error) = result else { Issue.record("\(refusal.className) was made"); return }
        #expect(error == refusal.error)
        if refusal.key != "fragile" { #expect(runtime.made.current.isEmpty, "nothing is made when a name or a value is wrong") }
    }

    @Test(arguments: [
        ("T@\"NSString\",C,N,V_title", ObjCPropertyType.object(className: "NSString")),
        ("T@,&,N,V_delegate", .object(className: nil)),
        ("T@\"<ShopCartService>\",&,N", .object(className: nil)),
        ("T@\"UIView<Themed>\",&,N", .object(className: "UIView")),
        ("Tq,N,V_count", .scalar(.signed(bytes: 8))),
        ("TB,N,V_gift", .scalar(.bool)),
        ("Td,N,V_ratio", .scalar(.floating(bytes: 8))),
        ("T@?,C,N,V_done", .unsupported("it is a block")),
        ("T{CGRect={CGPoint=dd}{CGSize=dd}},N,V_frame", .unsupported("its type {CGRect={CGPoint=dd}{CGSize=dd}} is not an object, a number or a BOOL")),
        ("T@\"NSString\",R,N,V_name", .unsupported("it is read-only")),
        ("", .unsupported("its attributes do not parse")),
    ])
    func aPropertysTypeIsReadFromItsAttributes(attributes: String, type: ObjCPropertyType) {
        #expect(ObjCPropertyType(attributes: attributes) == type)
    }

    /// A Swift class of a module that is not the app's is refused by name, before the runtime is asked.
    @Test func aClassOfAnotherModuleIsRefused() {
        let runtime = FakeControllerRuntime()
        let controllers = ObjCControllers(runtime: runtime, modules: ["OrdersFeature"])
        #expect(controllers.make(className: "PaymentsFeature.OrderViewController", parameters: [:]).failure
                == .invalidName(kind: .className, name: "PaymentsFeature.OrderViewController", offset: 0,
                                reason: "module PaymentsFeature is not one of the app's (OrdersFeature)"))
        #expect((try? controllers.make(className: "OrdersFeature.OrderViewController", parameters: [:]).get()) != nil)
        #expect((try? controllers.make(className: "LegacyOrderViewController", parameters: [:]).get()) != nil, "an Objective-C name has no module")
        #expect(runtime.made.current == ["OrdersFeature.OrderViewController", "LegacyOrderViewController"])
    }

    /// Shown through the router: in the back stack, its answer reaching the caller, closing it
    /// unanswered a cancelled answer; the route's URL from outside shows nothing.
    @Test @MainActor func aControllerMadeByNameIsShownAsAPageAndAnswers() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger),
                            settings: PipelineSettings(duplicateWindow: .zero))
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/home") { _ in Destination("Home", name: "Home") }
        _ = await router.open("/home")
        let requests = Shared<[RouteRequest]>([])
        try ObjCControllerRoute.register(in: router)
        let onShow: @MainActor @Sendable (RouteRequest) -> Void = { request in requests.withLock { $0.append(request) } }
        let controller = try ObjCControllers(runtime: FakeControllerRuntime()).make(className: "LegacyOrderViewController", parameters: ["orderID": "42"]).get()
        let showing = Task { await ObjCControllerRoute.show(controller, className: "LegacyOrderViewController", mode: .push, in: router, onShow: onShow) }
        for _ in 0..<500 where requests.current.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        #expect(navigator.state.outline == ["root: Home > LegacyOrderViewController"])
        requests.current.first?.answer("picked")
        let answer = try await showing.value.get()
        #expect(answer.value(as: String.self) == "picked")

        let presented = Task { await ObjCControllerRoute.show(controller, className: "LegacyOrderViewController", mode: .presentInNavigation, in: router, onShow: onShow) }
        for _ in 0..<500 where requests.current.count < 2 { try await Task.sleep(for: .milliseconds(2)) }
        #expect(navigator.state.outline.last == "sheet(nav): LegacyOrderViewController")
        requests.withLock { $0 = [] }
        try navigator.perform(.back(.dismiss))
        #expect(try await presented.value.get().isCancelled, "closed unanswered")
        #expect(try await ObjCControllerRoute.show(controller, className: "X", mode: .none, in: router).get().isCancelled)

        let before = navigator.state.outline
        for source in [RouteSource.deepLink, .universalLink, .h5] {
            let outside = await router.open("shop://x-switchyard/controller?class=LegacyOrderViewController", source: source)
            #expect(outside.declined == ["/x-switchyard/controller (only code in the app shows a controller made by name)"], "\(source)")
        }
        let bare = await router.open("/x-switchyard/controller?class=LegacyOrderViewController")
        #expect(bare.declined == ["/x-switchyard/controller (only code in the app shows a controller made by name)"], "in-app, without a controller, nothing is shown")
        #expect(navigator.state.outline == before)
    }
}
