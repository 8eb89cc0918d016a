import Foundation
import Switchyard
import SwitchyardObjCRules
import SwitchyardSupport
import Testing

/// Issue 49, bad input for Objective-C pages: a block that declines, makes something that is
/// not a screen or raises, and options that cannot be. Each names what was wrong, and the
/// window is what it was.
@Suite("Objective-C pages: what a block or its options get wrong")
@MainActor
struct ObjCPageRefusalTests {
    /// A router with a home on screen, and the navigator that shows it.
    static func shop() throws -> (Router, HeadlessNavigator) {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger),
                            settings: PipelineSettings(duplicateWindow: .zero, tabs: ["home"]))
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/home") { _ in Destination("Home", name: "Home") }
        return (router, navigator)
    }

    /// `nil` declines: the next route that matches shows, and the decline is in the result.
    @Test func aBlockThatReturnsNilDeclinesToTheNextRoute() async throws {
        let (router, navigator) = try Self.shop()
        var first = ObjCPageOptions()
        first.priority = 1
        try ObjCPages.register(pattern: "/legacy/:id", options: first, in: router) { _ -> ObjCPageMade<ObjCScreen> in .declined }
        try ObjCPages.register(pattern: "/legacy/:id", options: ObjCPageOptions(), in: router) { _ in .screen(ObjCScreen("New"), name: "New") }
        let result = await router.open("shop://legacy/1")
        #expect(result.outcome == .openedPage(pattern: "/legacy/:id", command: .push))
        #expect(result.declined == ["/legacy/:id (its Objective-C block returned nil)"])
        #expect(navigator.state.outline == ["root: New"])
    }

    /// Something that is not a screen, or an exception, fails the open naming the pattern and
    /// the class or the exception; nothing is shown, and the window stays as it was.
    @Test(arguments: [
        (ObjCPageMade<ObjCScreen>.notAScreen(className: "NSString"),
         "page /legacy/:id could not be made: the block of page /legacy/:id made a NSString, not a UIViewController; return nil to decline"),
        (.raised(ObjCException(name: "NSInvalidArgumentException", reason: "unrecognized selector sent to instance")),
         "page /legacy/:id could not be made: the block of /legacy/:id raised NSInvalidArgumentException: unrecognized selector sent to instance"),
    ])
    func aBlockThatMakesNoScreenFailsTheOpenAndShowsNothing(made: ObjCPageMade<ObjCScreen>, message: String) async throws {
        let (router, navigator) = try Self.shop()
        _ = await router.open("/home")
        let before = navigator.state.outline
        let box = Unchecked(made)
        try ObjCPages.register(pattern: "/legacy/:id", options: ObjCPageOptions(), in: router) { _ in box.value }
        let result = await router.open("shop://legacy/1")
        guard case .rejected(let error) = result.outcome else { Issue.record("\(result)"); return }
        #expect(error.code == "pageFailed")
        #expect(error.description == message)
        #expect(ObjCErrors.error(error).code == ObjCErrorCode.pageFailed.rawValue)
        #expect(navigator.state.outline == before)
    }

    /// Options that cannot be are refused before anything is registered, naming the problem.
    @Test(arguments: [
        ("orders", "detail", nil, "page /x: a page has one home: the tab \"orders\" or the detail column, not both"),
        (nil, "sidebar", nil, "page /x: no split column is named \"sidebar\"; the columns are primary, supplementary, detail"),
        ("", nil, nil, "page /x: the home tab's name is empty"),
        (nil, nil, "", "page /x: the custom command's name is empty"),
    ] as [(String?, String?, String?, String)])
    func optionsThatCannotBeAreRefused(tab: String?, column: String?, custom: String?, message: String) throws {
        #expect(throws: ObjCCallError.pageOptions(pattern: "/x", problem: String(message.dropFirst("page /x: ".count)))) {
            try ObjCPageOptions(pattern: "/x", command: .push, customCommand: custom, parents: [], tab: tab, column: column, priority: 0, owner: nil)
        }
        let error = ObjCErrors.error(ObjCCallError.pageOptions(pattern: "/x", problem: String(message.dropFirst("page /x: ".count))))
        #expect(error.code == ObjCErrorCode.invalidPageOptions.rawValue)
        #expect(error.localizedDescription == message)
    }

    /// Each home and command a Swift page has, an Objective-C page has.
    @Test func everyHomeAndCommandIsTaken() throws {
        let column = try ObjCPageOptions(pattern: "/x", command: .present, customCommand: nil, parents: ["/a"], tab: nil, column: "supplementary",
                                         priority: 2, owner: "Legacy")
        #expect(column.home == .column(.supplementary) && column.command == .present && column.parents == ["/a"] && column.owner == "Legacy")
        let custom = try ObjCPageOptions(pattern: "/x", command: .push, customCommand: "cardSheet", parents: [], tab: "orders", column: nil,
                                         priority: 0, owner: nil)
        #expect(custom.command == .custom("cardSheet") && custom.home == .tab("orders"))
    }

    /// A home tab the router's tab bar does not have is refused at registration, as a Swift page's.
    @Test func aHomeTabTheTabBarDoesNotHaveIsRefused() throws {
        let (router, _) = try Self.shop()
        var options = ObjCPageOptions()
        options.home = .tab("orders")
        #expect(throws: PatternError(pattern: "/legacy", offset: 0, reason: .unknownTab("orders", known: ["home"]))) {
            try ObjCPages.register(pattern: "/legacy", options: options, in: router) { _ in .screen(ObjCScreen("Legacy"), name: "Legacy") }
        }
        #expect(!router.canOpen("shop://legacy"))
    }

    /// An Objective-C answer reaches every caller: plain values as Swift values (so a page gets
    /// JSON), other objects as themselves, and a refusal names the object's own class.
    @Test func anObjectiveCAnswerIsAPlainValue() throws {
        let answer = ObjCParameters.answer(NSDictionary(dictionary: [
            "sku": NSString(string: "A1"), "count": NSNumber(value: 2), "gift": NSNumber(value: true),
            "lines": NSArray(array: [NSNumber(value: 1.5)]),
        ]))
        let plain = try #require(answer as? [String: any Sendable])
        #expect(plain["sku"] as? String == "A1")
        #expect(plain["count"] as? Int == 2)
        #expect(plain["gift"] as? Bool == true)
        #expect((plain["lines"] as? [any Sendable])?.first as? Double == 1.5)
        let object = ObjCScreen("Kept")
        #expect(ForeignObject.unwrap(ObjCParameters.answer(object), as: ObjCScreen.self) === object)
    }

    /// An Objective-C answer with no JSON form is refused to a web page naming its own class,
    /// never the box it travels in; a string answer arrives as JSON.
    @Test func aWebPageGetsAnObjectiveCAnswerOrARefusalNamingItsClass() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger))
        try ObjCRoutes.register(pattern: "/name", owner: ObjCRoutes.owner, in: router) { request in
            request.answer(ObjCParameters.answer(NSString(string: "Ada")))
        }
        try ObjCRoutes.register(pattern: "/null", owner: ObjCRoutes.owner, in: router) { request in
            request.answer(ObjCParameters.answer(NSNull()))
        }
        let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/name", "/null"]]))
        let frame = WebFrame(origin: WebOrigin("https://promo.example.com"))
        let name = await bridge.receive(#"{"page":"p","id":1,"method":"call","url":"shop://name","params":{}}"#, from: frame)
        #expect(name == #"{"answer":"Ada","id":1,"ok":true}"#)
        let null = await bridge.receive(#"{"page":"p","id":2,"method":"call","url":"shop://null","params":{}}"#, from: frame)
        #expect(null.contains("the answer, a NSNull, has no JSON form"), "\(null)")
        #expect(!null.contains("ForeignObject"))
    }

    /// An app-defined source reaches Objective-C as `custom`, never as in-app.
    @Test func aCustomSourceIsNeverInApp() {
        #expect(ObjCRoutes.sourceCode(of: .custom("widget")) == 6)
        #expect(ObjCRoutes.sourceCode(of: .inApp) == 0)
        #expect(ObjCRoutes.source(code: 6) == .custom("objc"))
        #expect(ObjCRoutes.source(code: 99) == .custom("objc"))
        for (code, source) in [RouteSource.inApp, .deepLink, .universalLink, .push, .h5, .restoration].enumerated() {
            #expect(ObjCRoutes.source(code: code) == source && ObjCRoutes.sourceCode(of: source) == code)
        }
    }
}

/// A value carried into a `@Sendable` closure by a test.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
