import Switchyard
import Testing

/// A class screen that receives its request, as a view controller would.
@MainActor
final class PickerScreen: RouteReceiver {
    static let acceptedParameters: [AcceptedParameter] = [.required("max", Int.self), .optional("multi", Bool.self)]
    private(set) var request: RouteRequest?
    func receive(_ request: RouteRequest) { self.request = request }
    func pick(_ item: String) { request?.answer(item) }
}

@Suite("Deep-link back stacks and screens that receive their request", .timeLimit(.minutes(1)))
@MainActor
struct BackStackAndReceiverTests {
    @Test func aColdStartDeepLinkBuildsItsDeclaredParents() async throws {
        let (router, navigator) = try headless()
        let result = await router.open("myapp://order/42?uid=u7", source: .deepLink)
        #expect(result.succeeded)
        #expect(navigator.state.outline == ["root: Home > Orders(u7) > Order(42)"])
        #expect(navigator.state.screens.map(\.pattern) == ["/home", "/user/:uid/orders", "/order/:id"])
        #expect(navigator.state.screens.map(\.request.source) == [.deepLink, .deepLink, .deepLink])
    }

    @Test func aWarmStartJustPushes() async throws {
        let (router, navigator) = try headless()
        await router.open("/product/1")
        await router.open("myapp://order/42?uid=u7", source: .deepLink)
        #expect(navigator.state.outline == ["root: Product(1) > Order(42)"])
    }

    @Test(arguments: [
        ("/broken", "cannot build the parent /nowhere of /broken: no route is registered with that pattern"),
        ("/orphan/3", "cannot build the parent /user/:uid/orders of /orphan/:id: missing parameter \"uid\" for /user/:uid/orders"),
        ("/ping-parent", "cannot build the parent /ping of /ping-parent: page /ping could not be made: the route is not a page"),
    ])
    func aParentThatCannotBeBuiltFailsTheOpenAndShowsNothing(url: String, reason: String) async throws {
        let (router, navigator) = try headless()
        let result = await router.open(url, source: .deepLink)
        #expect(result.outcome.description == "rejected: " + reason)
        #expect(navigator.state.isEmpty)
    }

    @Test func aScreenReceivesItsRequestAndAnswersThroughIt() async throws {
        let (router, navigator) = try headless()
        try router.page("/picker") { _ in Destination(PickerScreen(), name: "Picker") }
        let caller = Task { try await router.call("/picker?max=3") }
        while navigator.state.top?.name != "Picker" { await Task.yield() }
        let picker = try #require(navigator.state.top?.destination.content(as: PickerScreen.self))
        #expect(picker.request?.int("max") == 3)
        picker.pick("blue")
        #expect(try await caller.value.value(as: String.self) == "blue")
    }

    @Test(arguments: [
        ("/picker", [ParameterError(name: "max", reason: .missing)]),
        ("/picker?max=many", [ParameterError(name: "max", reason: .invalid(value: "many", expected: "Int"))]),
        ("/picker?max=2&multi=perhaps", [ParameterError(name: "multi", reason: .invalid(value: "perhaps", expected: "Bool"))]),
        ("/picker?multi=perhaps", [ParameterError(name: "max", reason: .missing), ParameterError(name: "multi", reason: .invalid(value: "perhaps", expected: "Bool"))]),
    ])
    func aScreenThatRefusesItsParametersIsNotShown(url: String, problems: [ParameterError]) async throws {
        let (router, navigator) = try headless()
        await router.open("/home")
        try router.page("/picker") { _ in Destination(PickerScreen(), name: "Picker") }
        let result = await router.open(url)
        guard case .rejected(let error) = result.outcome else {
            Issue.record("expected a refusal, got \(result.outcome)")
            return
        }
        #expect(error == .parametersRefused(pattern: "/picker", problems))
        #expect(navigator.state.outline == ["root: Home"])
        #expect(throws: OpenError.parametersRefused(pattern: "/picker", problems)) { try router.destination(for: url) }
    }

    @Test func nativeParametersOfTheRightTypePassTheCheck() async throws {
        let (router, navigator) = try headless()
        try router.page("/picker") { _ in Destination(PickerScreen(), name: "Picker") }
        await router.open("/picker", parameters: ["max": 5])
        #expect(navigator.state.top?.destination.content(as: PickerScreen.self)?.request?.int("max") == 5)
    }
}

@Suite("History", .timeLimit(.minutes(1)))
@MainActor
struct NavigationHistoryTests {
    @Test func historyIsBoundedAndKnowsThePreviousRoute() async throws {
        let router = Router(configuration: .quiet)
        let navigator = HeadlessNavigator(historyCapacity: 3)
        router.navigator = navigator
        try router.page("/product/:id") { request in Destination("p", name: "Product(\(request.string("id") ?? ""))") }
        try router.page("/home") { _ in Destination("h", name: "Home") }
        await router.open("/home")
        for id in 1...3 { await router.open("myapp://product/\(id)?tab=reviews", source: .push) }
        #expect(navigator.history.entries.map(\.url) == ["myapp://product/1?tab=reviews", "myapp://product/2?tab=reviews", "myapp://product/3?tab=reviews"])
        #expect(navigator.history.previous?.description == "/product/:id from push (id=2, tab=reviews)")
        #expect(navigator.history.last?.parameters == "id=3, tab=reviews")

        try navigator.pop(toPath: "/product/1")
        #expect(navigator.state.outline == ["root: Home > Product(1)"])
        #expect(throws: NavigationError.notOnStack(pattern: "/cart")) { try navigator.pop(toPath: "/cart") }
    }

    @Test func longParameterSummariesAreCut() async throws {
        let router = Router(configuration: .quiet)
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/search") { _ in Destination("s", name: "Search") }
        await router.open("/search?q=" + String(repeating: "x", count: 200))
        // "q=" and 200 characters: the first 80 are kept, and the rest counted.
        #expect(navigator.history.last?.parameters == "q=" + String(repeating: "x", count: 78) + "…(122 more characters)")
    }
}
