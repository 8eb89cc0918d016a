import Foundation
import Logging
import Switchyard
import Testing

extension MediatorConfiguration {
    static func quiet(modules: [String] = ["SwitchyardCoreTests"]) -> MediatorConfiguration {
        MediatorConfiguration(modules: modules, logger: Logger(label: "switchyard.tests") { _ in SwiftLogNoOpLogHandler() })
    }
}

/// What `perform` returned or threw, as text or as the error.
func outcome(_ body: () async throws(MediatorError) -> any Sendable) async -> Result<String, MediatorError> {
    do {
        return .success("\(try await body())")
    } catch {
        return .failure(error)
    }
}

@Suite("Mediator: calls by name")
struct MediatorTests {
    let mediator = Mediator(configuration: .quiet())

    @Test(arguments: [
        ("SwitchyardCoreTests.Product", "detail", "product 42"),
        ("SwitchyardCoreTests.Target_Product", "detail", "product 42"),
        ("Product", "detail", "product 42"),
        ("Product", "price", "63.0"),
        ("SwitchyardCoreTests.Catalog.Search", "query", "shoes"),
        ("SwitchyardCoreTests.Flags", "enabled", "true"),
        ("Web", "webPage", "web https://example.com"),
    ])
    func findsTargetsByNameWithoutImportOrRegistration(target: String, action: String, expected: String) async {
        let result = await outcome { () async throws(MediatorError) in
            try await mediator.perform(target: target, action: action,
                                       parameters: ["id": 42, "q": "shoes", "url": "https://example.com"])
        }
        #expect(result == .success(expected))
    }

    @Test func aTypedWrapperGivesCallersATypedAPI() async throws {
        #expect(try await mediator.productTitle(id: 7) == "product 7")
        let page = try await mediator.productPage(id: 7)
        #expect(await page.name == "Product(7)")
    }

    @Test func explicitRegistrationNeedsNoNamingConvention() async throws {
        mediator.register(CartEntry.self, as: "Cart")
        let count = try await mediator.perform(target: "Cart", action: "count", parameters: ["items": ["a", "b"]], as: Int.self)
        #expect(count == 2)
        #expect(mediator.actions(of: "Cart") == ["count"])
    }

    @Test(arguments: [
        ("Ghost", "open", MediatorError.targetNotFound(target: "Ghost", action: "open", searched: ["SwitchyardCoreTests.Target_Ghost", "SwitchyardCoreTests.Ghost"])),
        ("MissingFeature.Ghost", "open", .targetNotFound(target: "MissingFeature.Ghost", action: "open", searched: ["MissingFeature.Target_Ghost", "MissingFeature.Ghost"])),
        ("Product", "buy", .actionNotFound(target: "Product", action: "buy", available: ["detail", "price", "page", "fail"])),
        ("Product Feature.X", "a", .invalidTargetName("Product Feature.X", offset: 7)),
        ("Shop..X", "a", .invalidTargetName("Shop..X", offset: 5)),
        ("Shop.Ünicode", "a", .invalidTargetName("Shop.Ünicode", offset: 5)),
        ("Product", "detail", .invalidParameter(target: "Product", action: "detail", ParameterError(name: "id", reason: .missing))),
        ("Product", "fail", .actionFailed(target: "Product", action: "fail", reason: "soldOut")),
    ])
    func badCallsFailWithErrorsThatNameTheTargetAndAction(target: String, action: String, expected: MediatorError) async {
        let result = await outcome { () async throws(MediatorError) in try await mediator.perform(target: target, action: action) }
        #expect(result == .failure(expected))
    }

    @Test(arguments: [
        ("abc" as any Sendable, ParameterError(name: "id", reason: .invalid(value: "abc", expected: "Int"))),
        (4.5, ParameterError(name: "id", reason: .invalid(value: "4.5 (Double)", expected: "Int"))),
        (["42"], ParameterError(name: "id", reason: .invalid(value: "[\"42\"] (Array<String>)", expected: "Int"))),
    ])
    func wrongParameterTypesAreTypedErrors(value: any Sendable, expected: ParameterError) async {
        let result = await outcome { () async throws(MediatorError) in
            try await mediator.perform(target: "Product", action: "detail", parameters: ["id": value])
        }
        #expect(result == .failure(.invalidParameter(target: "Product", action: "detail", expected)))
    }

    @Test func aStringParameterParsesAsTheTypeTheActionAsks() async {
        let result = await outcome { () async throws(MediatorError) in
            try await mediator.perform(target: "Product", action: "detail", parameters: ["id": "42"])
        }
        #expect(result == .success("product 42"))
    }

    @Test func anUnexpectedResultTypeNamesBothTypes() async {
        do {
            _ = try await mediator.perform(target: "Product", action: "detail", parameters: ["id": 1], as: Int.self)
            Issue.record("expected an error")
        } catch {
            #expect(error == .unexpectedResult(target: "Product", action: "detail", expected: "Int", actual: "String"))
        }
    }

    @Test func missingActionsGoToTheTargetsNotFoundActionThenTheFallbackTarget() async {
        let lenient = await outcome { () async throws(MediatorError) in try await mediator.perform(target: "Lenient", action: "other") }
        #expect(lenient == .success("lenient got other"))

        mediator.setFallbackTarget(Target_NoTarget.self)
        let missingAction = await outcome { () async throws(MediatorError) in try await mediator.perform(target: "Product", action: "buy") }
        #expect(missingAction == .success("fallback for Product/buy"))
        let missingTarget = await outcome { () async throws(MediatorError) in try await mediator.perform(target: "Gone.Module", action: "x") }
        #expect(missingTarget == .success("fallback for Gone.Module/x"))
    }

    @Test func cachedTargetsKeepOneInstanceUntilEvicted() async throws {
        let before = Target_EvictionCounter.made.current
        let first = try await mediator.perform(target: "EvictionCounter", action: "identity", as: Int.self)
        let second = try await mediator.perform(target: "SwitchyardCoreTests.EvictionCounter", action: "identity", as: Int.self)
        #expect(first == second, "two names for one type share its instance")
        #expect(Target_EvictionCounter.made.current - before == 1)
        #expect(mediator.isCached(target: "EvictionCounter"))

        mediator.evict(target: "EvictionCounter")
        #expect(!mediator.isCached(target: "EvictionCounter"))
        _ = try await mediator.perform(target: "EvictionCounter", action: "identity")
        #expect(Target_EvictionCounter.made.current - before == 2)
        mediator.evictAll()
        #expect(!mediator.isCached(target: "EvictionCounter"))
    }

    /// CTMediator's `performTarget:action:params:shouldCacheTarget:`, ported in one line.
    @Test func ctMediatorsPerformTargetPortsInOneLine() async {
        #expect(await mediator.performTarget("Product", action: "price", params: ["id": 2]) as? Double == 3.0)
        #expect(await mediator.performTarget("Product", action: "nope") == nil)
        #expect(await mediator.performTarget("Product", action: "price", params: ["id": "two"]) == nil)
        _ = await mediator.performTarget("Counter", action: "identity", shouldCacheTarget: false)
        #expect(!mediator.isCached(target: "Counter"), "false adds no instance to the cache")
        let kept = await mediator.performTarget("Counter", action: "identity", shouldCacheTarget: true) as? Int
        #expect(mediator.isCached(target: "Counter"))
        let reused = await mediator.performTarget("Counter", action: "identity", shouldCacheTarget: false) as? Int
        #expect(kept != nil && reused == kept && mediator.isCached(target: "Counter"), "a kept instance is used, and stays")
    }

    @Test func uncachedTargetsAreMadePerCall() async throws {
        #expect(!mediator.isCached(target: "Product"))
        _ = try await mediator.perform(target: "Product", action: "detail", parameters: ["id": 1])
        #expect(!mediator.isCached(target: "Product"))
    }

    @Test func canPerformAndActionsDescribeLinkedTargets() {
        #expect(mediator.canPerform(target: "Product", action: "detail"))
        #expect(!mediator.canPerform(target: "Product", action: "buy"))
        #expect(!mediator.canPerform(target: "Lenient", action: "other"), "a not-found action does not count")
        #expect(!mediator.canPerform(target: "MissingFeature.Ghost", action: "open"))
        #expect(mediator.actions(of: "Web") == ["webPage", "clearCookies"])
        #expect(mediator.actions(of: "Ghost") == nil)
    }

    @Test func unqualifiedNamesSearchTheConfiguredModulesInOrder() async {
        let elsewhere = Mediator(configuration: .quiet(modules: ["NotLinked", "Bad Module", "SwitchyardCoreTests"]))
        let result = await outcome { () async throws(MediatorError) in try await elsewhere.perform(target: "Flags", action: "enabled") }
        #expect(result == .success("true"))
        let none = Mediator(configuration: .quiet(modules: []))
        let missing = await outcome { () async throws(MediatorError) in try await none.perform(target: "Flags", action: "enabled") }
        #expect(missing == .failure(.targetNotFound(target: "Flags", action: "enabled", searched: [])))
    }
}
