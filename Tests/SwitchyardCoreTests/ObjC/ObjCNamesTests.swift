import SwitchyardObjCRules
import Testing

/// Issue 37: CTMediator's names, checked before the Objective-C runtime is asked anything.
@Suite("Objective-C target and action names")
struct ObjCNamesTests {
    @Test(arguments: ["Cart", "Target_Cart", "_private", "cart2", String(repeating: "a", count: 128)])
    func aPlainIdentifierIsAName(name: String) throws {
        try ObjCNames.check(name, as: .target)
    }

    /// Each refused name, with the offset of what is wrong; nil from Objective-C arrives as "".
    @Test(arguments: [
        ("", 0, "the name is empty"),
        ("cart/page", 4, "\"/\" does not belong in a name: name the target and the action apart"),
        ("Cart.Page", 4, "\".\" does not belong in a name: name the target and the action apart"),
        ("Action_x:", 8, "\":\" does not belong in a name: name the target and the action apart"),
        ("Café", 3, "expected ASCII letters, digits and underscores"),
        ("1Cart", 0, "expected ASCII letters, digits and underscores"),
        ("cart page", 4, "expected ASCII letters, digits and underscores"),
        (String(repeating: "a", count: 129), 128, "129 bytes, over the limit of 128"),
        (String(repeating: "a", count: 10_240), 128, "10240 bytes, over the limit of 128"),
        // Offsets count characters: 70 characters of 130 bytes; the 69th is the first past 128 bytes.
        (String(repeating: "é", count: 60) + String(repeating: "a", count: 10), 68, "130 bytes, over the limit of 128"),
        (String(repeating: "😀", count: 40), 32, "160 bytes, over the limit of 128"),
    ])
    func aNameThatIsNotAnIdentifierIsRefused(name: String, offset: Int, reason: String) {
        #expect(throws: ObjCCallError.invalidName(kind: .action, name: name, offset: offset, reason: reason)) {
            try ObjCNames.check(name, as: .action)
        }
    }

    @Test func classesAndSelectorsAreCTMediators() {
        #expect(ObjCNames.className(target: "Cart", module: nil) == "Target_Cart")
        #expect(ObjCNames.className(target: "Cart", module: "CartFeature") == "CartFeature.Target_Cart")
        #expect(ObjCNames.className(target: "Cart", module: "") == "Target_Cart")
        #expect(ObjCNames.selector(action: "viewController") == "Action_viewController:")
    }

    @Test func theRemoteFormKeepsTheTargetsCaseAndTheLastQueryValue() throws {
        let call = try ObjCNames.remoteCall("Shop://Cart/viewController?id=7&id=8&name=a%20b", schemes: ["shop"])
        #expect(call.target == "Cart")
        #expect(call.action == "viewController")
        #expect(call.parameters == ["id": "8", "name": "a b"])
    }

    /// Each refused URL, before any class is looked up.
    @Test(arguments: [
        ("shop://Cart/nativeClear", ["shop"], ObjCCallError.localOnly(target: "Cart", action: "nativeClear")),
        ("evil://Cart/viewController", ["shop"], .remoteURLRefused(url: "evil://Cart/viewController", reason: "scheme \"evil\" is not a remote-call scheme (accepted: shop)")),
        ("shop://Cart/viewController", [], .remoteURLRefused(url: "shop://Cart/viewController", reason: "scheme \"shop\" is not a remote-call scheme (none is accepted until the mediator names its remote schemes)")),
        ("shop://Cart/a/b", ["shop"], .remoteURLRefused(url: "shop://Cart/a/b", reason: "expected scheme://Target/action, got 2 path segments")),
        ("shop://Cart", ["shop"], .remoteURLRefused(url: "shop://Cart", reason: "expected scheme://Target/action, got 0 path segments")),
        ("shop://Ca%2Frt/view", ["shop"], .invalidName(kind: .target, name: "Ca%2Frt", offset: 2, reason: "expected ASCII letters, digits and underscores")),
        ("shop://Cart/view%2Fx", ["shop"], .invalidName(kind: .action, name: "view/x", offset: 4, reason: "\"/\" does not belong in a name: name the target and the action apart")),
    ] as [(String, Set<String>, ObjCCallError)])
    func aRemoteURLItDoesNotTakeIsRefused(url: String, schemes: Set<String>, error: ObjCCallError) {
        #expect(throws: error) { try ObjCNames.remoteCall(url, schemes: schemes) }
    }

    /// A URL past the router's length limit is refused by the router's own parser, naming the limit.
    @Test func aURLOverTheLengthLimitIsRefused() {
        let url = "shop://Cart/view?x=" + String(repeating: "a", count: 70_000)
        #expect {
            try ObjCNames.remoteCall(url, schemes: ["shop"])
        } throws: { error in
            guard case ObjCCallError.remoteURLRefused(_, let reason) = error else { return false }
            return reason.contains("limit")
        }
    }
}
