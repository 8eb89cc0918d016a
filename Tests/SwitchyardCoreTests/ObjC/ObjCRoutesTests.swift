import Foundation
import Switchyard
import SwitchyardObjCRules
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport
import Testing

/// Issue 37: block handlers, URLs built from dictionaries, and what a completion learns, with
/// the same interceptors, guards and limits as Swift callers.
@Suite("Objective-C routes")
struct ObjCRoutesTests {
    final class Delegate: @unchecked Sendable {}

    /// A handler sees the path's, the query's and the in-app values; a page's values are apart.
    @Test func aBlockHandlerReadsTheParametersAndAnswers() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"]))
        let seen = Locked<[String: Any]?>(nil)
        try ObjCRoutes.register(pattern: "/cart/:id", owner: "objc", in: router) { request in
            let parameters = ObjCRoutes.parameters(of: request)
            seen.withLock { $0 = parameters }
            request.answer(ForeignObject(["shown": true] as NSDictionary))
        }
        let delegate = Delegate()
        let values = try ObjCParameters.read(["delegate": delegate, "id": "from native", "note": NSNumber(value: 5)])
        let answer = try await router.call("shop://cart/7?id=query&from=push", parameters: values)
        let parameters = try #require(seen.withLock { $0 })
        #expect(parameters["id"] as? String == "7")
        #expect(parameters["from"] as? String == "push")
        #expect(parameters["note"] as? Int == 5)
        #expect(parameters["delegate"] as? Delegate === delegate)
        let (object, error) = ObjCRoutes.completion(of: .success(answer))
        #expect(error == nil)
        #expect((object as? NSDictionary)?["shown"] as? Bool == true)
    }

    /// What a web page sent is in `parameters` as Swift's readers take it (under the path's and
    /// the query's values), and alone in `callerParameters` (issue 49: it was in neither alike).
    @Test func aPagesValuesAreReadAsSwiftReadsThem() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger))
        let seen = Locked<(objc: [String: Any], caller: [String: Any], swift: [String?])?>(nil)
        try ObjCRoutes.register(pattern: "/cart/:id", owner: "objc", in: router) { request in
            let swift = ["id", "sku", "from"].map { request.value($0) }
            seen.withLock { $0 = (ObjCRoutes.parameters(of: request), ObjCRoutes.callerParameters(of: request), swift) }
        }
        let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/cart/:id"]]))
        _ = await bridge.receive(#"{"page":"p","id":1,"method":"open","url":"shop://cart/7?from=banner","params":{"id":"evil","sku":"A1","from":"page"}}"#,
                                 from: WebFrame(origin: WebOrigin("https://promo.example.com")))
        let read = try #require(seen.withLock { $0 })
        #expect(read.objc["id"] as? String == "7" && read.objc["from"] as? String == "banner" && read.objc["sku"] as? String == "A1")
        #expect(read.swift == ["7", "A1", "banner"])
        #expect(read.caller["id"] as? String == "evil" && read.caller["sku"] as? String == "A1" && read.caller.count == 3)
    }

    /// The interceptors run for Objective-C opens as for Swift ones: a refusal reaches the
    /// completion as an error with the pipeline's code.
    @Test func interceptorsRefuseAnObjectiveCRouteAsAnyOther() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"]))
        let ran = Locked(false)
        try ObjCRoutes.register(pattern: "/admin/wipe", owner: "objc", in: router) { _ in ran.withLock { $0 = true } }
        router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/admin/*"]))
        let result = await router.open("shop://admin/wipe", source: .deepLink)
        guard case .rejected(let refusal) = result.outcome else {
            Issue.record("a deep link to an internal route opened: \(result)")
            return
        }
        let (opened, error) = ObjCRoutes.completion(of: result)
        #expect(!opened)
        #expect(error?.code == ObjCErrorCode(refusal).rawValue)
        #expect(error?.userInfo[ObjCErrors.codeNameKey] as? String == refusal.code)
        #expect(error?.localizedDescription == refusal.description)
        #expect(!ran.withLock { $0 })
    }

    @Test func completionsSayWhatHappened() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"]))
        try ObjCRoutes.register(pattern: "/silent", owner: "objc", in: router) { _ in }
        let missing = ObjCRoutes.completion(of: await router.open("shop://nowhere"))
        #expect(!missing.opened && missing.error?.code == ObjCErrorCode.notFound.rawValue)
        let ran = ObjCRoutes.completion(of: await router.open("shop://silent"))
        #expect(ran.opened && ran.error == nil)
        // A handler that never answers: the caller is told there is no answer.
        let unanswered = ObjCRoutes.completion(of: .success(try await router.call("shop://silent")))
        #expect(unanswered.answer == nil && unanswered.error?.code == ObjCErrorCode.cancelled.rawValue)
    }

    @Test func aPatternItCannotReadIsRefusedNamingTheOffset() {
        let router = Router()
        #expect(throws: PatternError.self) {
            try ObjCRoutes.register(pattern: "/cart/:id(", owner: "objc", in: router) { _ in }
        }
        #expect(router.table.routes.isEmpty)
    }

    /// Unregistering removes what Objective-C registered for the pattern, never a Swift module's route.
    @Test func unregisteringAPatternRemovesOnlyItsOwnRoutes() throws {
        let router = Router()
        try ObjCRoutes.register(pattern: "/cart/:id", owner: "objc", in: router) { _ in }
        try ObjCRoutes.register(pattern: "/other", owner: "objc", in: router) { _ in }
        try router.action("/swift-only", owner: "CartModule") { _ in }
        #expect(ObjCRoutes.unregister(pattern: "/cart/:id", owner: "objc", in: router))
        #expect(!router.canOpen("/cart/1") && router.canOpen("/other"))
        #expect(!ObjCRoutes.unregister(pattern: "/cart/:id", owner: "objc", in: router))
        #expect(!ObjCRoutes.unregister(pattern: "/swift-only", owner: "objc", in: router))
        #expect(router.canOpen("/swift-only"))
    }

    /// A URL from a pattern and a dictionary: segments first, the rest as the query in key order.
    @Test func aURLIsBuiltFromAPatternAndADictionary() throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"]))
        let url = try ObjCRoutes.url(for: "/cart/:id", values: ["id": "a/b c", "from": "push", "count": NSNumber(value: 2)], in: router)
        #expect(url == "/cart/a%2Fb%20c?count=2&from=push")
        #expect(throws: ObjCCallError.parameter(path: "id", problem: .null)) {
            try ObjCRoutes.url(for: "/cart/:id", values: ["id": NSNull()], in: router)
        }
        #expect(throws: RoutingError.missingParameter(name: "id", pattern: "/cart/:id")) {
            try ObjCRoutes.url(for: "/cart/:id", values: [:], in: router)
        }
    }
}
