/// CTMediator (casatwy/CTMediator): the examples of its README and demo project (module A's
/// `Target_A` and the `CTMediator (CTMediatorModuleAActions)` category), ported to Switchyard
/// and rewritten.
///
/// Each example runs with the settings of the migration guide (`MigratingFromCTMediator.md`):
/// targets found by name in this module, `remoteSchemes` and `remoteHosts` for URL calls,
/// `isCached` on the target that asks to be kept. Module A's target is `Target_CTDemoA` here,
/// so that it cannot clash with the other test targets. A test whose name starts with
/// `differs` asserts Switchyard's answer where it deliberately departs from CTMediator, and
/// says why.
import Foundation
import Switchyard
import Testing

// Targets the mediator finds by name in `SwitchyardCoreTests`; public, as the guide requires,
// because nothing names them and an optimized build would drop internal ones.

/// The demo's module A: a detail page, an image presenter, an alert, and `actionB` of the
/// `aaa://targetA/actionB?id=1234` URL sample.
public struct Target_CTDemoA: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        // Action_nativeFetchDetailViewController: makes the detail view controller.
        actions.action("nativeFetchDetailViewController") { @MainActor _, call in
            Destination("detail", name: "Detail(\(call.string("key") ?? ""))")
        }
        // Action_nativePresentImage: and Action_nativeNoImage: (an image name stands for the image).
        actions.action("nativePresentImage") { _, call in "presented \(try call.require("image", as: String.self))" }
        actions.action("nativeNoImage") { _, call in "placeholder \(try call.require("image", as: String.self))" }
        // Action_showAlert: the message and the confirm block come in the params.
        actions.action("showAlert") { _, call in
            let message = try call.require("message", as: String.self)
            if let confirm = call.get("confirmAction", as: CTDemoAlertAction.self) {
                confirm.run(["alertAction": "confirm", "message": message])
            }
            return "alert: \(message)"
        }
        // Reachable from a URL: Switchyard's counterpart of a non-`native` action.
        actions.action("actionB", remote: true) { _, call in "actionB id=\(try call.require("id", as: Int.self))" }
        actions.action("echo", remote: true) { _, call in call.string("text") ?? "" }
    }
}

/// A block handed through the params dictionary, as the alert's `confirmAction`.
struct CTDemoAlertAction: Sendable {
    let run: @Sendable ([String: String]) -> Void
}

/// A target that asks to be kept, as calls with `shouldCacheTarget:YES` keep CTMediator's.
public final class Target_CTDemoCart: MediatorTarget {
    public static var isCached: Bool { true }
    let items = ["apple", "pear"]
    public required init() {}
    public static let actions = TargetActions<Target_CTDemoCart> { actions in
        actions.action("count") { cart, _ in cart.items.count }
    }
}

/// A target with CTMediator's `notFound:` method.
public struct Target_CTDemoLenient: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("known") { _, _ in "known" }
        actions.notFound { _, call in "notFound: \(call.action)" }
    }
}

/// CTMediator's `Target_NoTargetAction`: receives the calls no target answers.
public struct Target_CTDemoNoTargetAction: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.notFound { _, call in "no target for \(call.target)/\(call.action)" }
    }
}

/// The category `CTMediator (CTMediatorModuleAActions)`, as typed methods callers import.
extension Mediator {
    /// `CTMediator_viewControllerForDetail`: the detail page, or a plain page when module A
    /// does not answer with one.
    @MainActor
    fileprivate func ctDemoDetailViewController() async -> Destination {
        do {
            return try await perform(target: "CTDemoA", action: "nativeFetchDetailViewController", parameters: ["key": "value"], as: Destination.self)
        } catch {
            return Destination("plain", name: "Plain")
        }
    }

    /// `CTMediator_presentImage:`: the image when there is one, the `noImage` placeholder otherwise.
    fileprivate func ctDemoPresentImage(_ image: String?) async -> String? {
        if let image {
            return await performTarget("CTDemoA", action: "nativePresentImage", params: ["image": image], shouldCacheTarget: false) as? String
        }
        return await performTarget("CTDemoA", action: "nativeNoImage", params: ["image": "noImage"], shouldCacheTarget: false) as? String
    }

    /// `CTMediator_showAlertWithMessage:cancelAction:confirmAction:`.
    fileprivate func ctDemoShowAlert(message: String, confirm: @escaping @Sendable ([String: String]) -> Void) async -> String? {
        await performTarget("CTDemoA", action: "showAlert", params: ["message": message, "confirmAction": CTDemoAlertAction(run: confirm)]) as? String
    }
}

@Suite("Ported from CTMediator's README", .timeLimit(.minutes(1)))
struct CTMediatorExamplesTests {
    let mediator = Mediator(configuration: .quiet())

    /// A mediator that accepts URL calls as the guide configures them: `aaa://call/Target/action`.
    static func remoteMediator() -> Mediator {
        var configuration = MediatorConfiguration.quiet()
        configuration.remoteSchemes = ["aaa"]
        configuration.remoteHosts = ["call"]
        return Mediator(configuration: configuration)
    }

    // MARK: - Same answer as CTMediator

    /// The category's `CTMediator_viewControllerForDetail`: `performTarget:@"A"
    /// action:@"nativeFetchDetailViewController" params:@{@"key": @"value"}` gives module A's
    /// detail page, through a typed wrapper and through the one-line port.
    @Test @MainActor func theDetailPageComesFromModuleA() async {
        let page = await mediator.ctDemoDetailViewController()
        #expect(page.name == "Detail(value)")
        let oneLine = await mediator.performTarget("CTDemoA", action: "nativeFetchDetailViewController", params: ["key": "value"], shouldCacheTarget: false)
        #expect((oneLine as? Destination)?.name == "Detail(value)")
    }

    /// The category's `CTMediator_presentImage:`: with an image, `nativePresentImage`; without
    /// one, `nativeNoImage` with the placeholder.
    @Test(arguments: [("image" as String?, "presented image"), (nil, "placeholder noImage")])
    func presentingAnImageOrThePlaceholder(image: String?, expected: String) async {
        #expect(await mediator.ctDemoPresentImage(image) == expected)
    }

    /// The category's `CTMediator_showAlertWithMessage:cancelAction:confirmAction:`: blocks
    /// travel in the params, and module A calls the confirm block back with what happened.
    @Test func theAlertCallsTheConfirmBlockBack() async {
        let confirmed = Shared<[[String: String]]>([])
        let result = await mediator.ctDemoShowAlert(message: "casa") { info in confirmed.withLock { $0.append(info) } }
        #expect(result == "alert: casa")
        #expect(confirmed.current == [["alertAction": "confirm", "message": "casa"]])
    }

    /// `shouldCacheTarget:YES` keeps the target for later calls, and
    /// `releaseCachedTargetWithTargetName:` drops it: `evict(target:)`.
    @Test func aCachedTargetIsKeptUntilReleased() async {
        #expect(!mediator.isCached(target: "CTDemoCart"))
        let count = await mediator.performTarget("CTDemoCart", action: "count", shouldCacheTarget: true) as? Int
        #expect(count == 2)
        #expect(mediator.isCached(target: "CTDemoCart"))
        mediator.evict(target: "CTDemoCart")
        #expect(!mediator.isCached(target: "CTDemoCart"))
    }

    /// A target's `notFound:` method receives the actions it does not have.
    @Test func aTargetsNotFoundActionTakesUnknownActions() async {
        #expect(await mediator.performTarget("CTDemoLenient", action: "known") as? String == "known")
        #expect(await mediator.performTarget("CTDemoLenient", action: "mystery") as? String == "notFound: mystery")
    }

    /// `Target_NoTargetAction`: a fixed target takes the calls to targets that do not exist.
    @Test func theNoTargetActionTargetTakesMissingTargets() async {
        mediator.setFallbackTarget(Target_CTDemoNoTargetAction.self)
        #expect(await mediator.performTarget("CTDemoGhost", action: "open") as? String == "no target for CTDemoGhost/open")
    }

    /// A target that is not linked: CTMediator returns `nil`, and so does the one-line port;
    /// `perform` says which type names it looked for.
    @Test func aMissingTargetGivesNil() async {
        #expect(await mediator.performTarget("CTDemoGhost", action: "open") == nil)
        let result = await outcome { () async throws(MediatorError) in try await mediator.perform(target: "CTDemoGhost", action: "open") }
        #expect(result == .failure(.targetNotFound(target: "CTDemoGhost", action: "open",
                                                   searched: ["SwitchyardCoreTests.Target_CTDemoGhost", "SwitchyardCoreTests.CTDemoGhost"])))
    }

    /// Swift targets name their module (`kCTMediatorParamsKeySwiftTargetModuleName`): here in
    /// the target name, with or without the `Target_` prefix.
    @Test(arguments: ["SwitchyardCoreTests.CTDemoA", "SwitchyardCoreTests.Target_CTDemoA", "CTDemoA"])
    func aModuleQualifiedNameFindsTheSwiftTarget(target: String) async {
        let result = await outcome { () async throws(MediatorError) in try await mediator.perform(target: target, action: "actionB", parameters: ["id": 7]) }
        #expect(result == .success("actionB id=7"))
    }

    /// `performActionWithUrl:` refuses actions named `native…`, so a URL cannot reach what only
    /// the app may call. Switchyard's actions are local unless declared `remote: true`.
    @Test func aURLCannotReachALocalAction() async {
        let remote = Self.remoteMediator()
        let url = "aaa://call/CTDemoA/nativeFetchDetailViewController"
        let result = await outcome { () async throws(MediatorError) in try await remote.perform(url: url) }
        #expect(result == .failure(.localOnly(target: "CTDemoA", action: "nativeFetchDetailViewController")))
    }

    // MARK: - Where Switchyard deliberately differs

    /// The URL shape: CTMediator reads `aaa://targetA/actionB?id=1234` as host = target. Switchyard
    /// reads `scheme://host/target/action` with a configured host, so a link cannot name any
    /// target as its host; the same call goes through the mediator or through the router's
    /// interceptors with `routeRemoteCalls(host:)`.
    @Test func differsARemoteCallNamesAConfiguredHostBeforeTheTarget() async throws {
        let remote = Self.remoteMediator()
        let call = await outcome { () async throws(MediatorError) in try await remote.perform(url: "aaa://call/CTDemoA/actionB?id=1234") }
        #expect(call == .success("actionB id=1234"))
        let legacy = "aaa://CTDemoA/actionB?id=1234"
        let refused = await outcome { () async throws(MediatorError) in try await remote.perform(url: legacy) }
        #expect(refused == .failure(.hostNotAccepted(url: legacy, host: "ctdemoa", accepted: ["call"])))     // CTMediator: runs actionB

        let app = AppRouter(router: Router(configuration: .quiet), mediator: Mediator(configuration: .quiet()))
        try app.routeRemoteCalls(host: "call")
        #expect(try await app.call("aaa://call/CTDemoA/actionB?id=1234").value(as: String.self) == "actionB id=1234")
    }

    /// Caching is the target's choice: `shouldCacheTarget:YES` on a target that does not
    /// declare `isCached` keeps nothing, so every caller sees the same lifetime.
    @Test func differsACallCannotCacheATargetThatDoesNotAskToBeKept() async {
        let result = await mediator.performTarget("CTDemoA", action: "actionB", params: ["id": 1], shouldCacheTarget: true)
        #expect(result as? String == "actionB id=1")
        #expect(!mediator.isCached(target: "CTDemoA"))                       // CTMediator: cached
    }

    /// URL values are percent-decoded: CTMediator splits the query by hand and hands over
    /// `a%20b`. Switchyard decodes once, as the router does for every URL.
    @Test func differsURLValuesArePercentDecoded() async {
        let remote = Self.remoteMediator()
        let result = await outcome { () async throws(MediatorError) in try await remote.perform(url: "aaa://call/CTDemoA/echo?text=a%20b") }
        #expect(result == .success("a b"))                                   // CTMediator: "a%20b"
    }

    /// A repeated query key: CTMediator's loop keeps the last value; a remote call receives the
    /// first, as `request.string(_:)` and link signatures read it.
    @Test func differsARepeatedKeyGivesItsFirstValue() async {
        let remote = Self.remoteMediator()
        let result = await outcome { () async throws(MediatorError) in try await remote.perform(url: "aaa://call/CTDemoA/actionB?id=1&id=2") }
        #expect(result == .success("actionB id=1"))                          // CTMediator: id=2
    }
}

// Ported examples: 13.
//   Same answer as CTMediator: 9 — the detail view controller through the category and the
//   one-line performTarget; presentImage with and without an image; showAlert calling its
//   confirm block back; shouldCacheTarget:YES and releaseCachedTargetWithTargetName:; a
//   target's notFound:; Target_NoTargetAction; a missing target giving nil; Swift module-
//   qualified target names; a URL refused for a native (local) action.
//   Deliberately different: 4 —
//   1. URL calls read scheme://host/target/action with a configured host (not host = target);
//   2. caching is the target's choice (shouldCacheTarget:YES cannot keep an uncached type);
//   3. URL values are percent-decoded (CTMediator hands them over encoded);
//   4. a repeated query key gives its first value (CTMediator's loop keeps the last).
