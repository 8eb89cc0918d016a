import Foundation
import Logging
import Switchyard
import SwitchyardTesting
import Testing

@Suite("Answers and events", .timeLimit(.minutes(1)))
@MainActor
struct AnswerTests {
    @Test func anActionAnswersItsCaller() async throws {
        let (router, _) = try pipeline()
        try router.action("/pick/:n") { request in request.answer((request.int("n") ?? 0) * 2) }
        #expect(try await router.call("/pick/21").value(as: Int.self) == 42)
    }

    @Test func anActionThatReturnsWithoutAnsweringGivesCancelled() async throws {
        let (router, _) = try pipeline()
        try router.action("/noop") { _ in }
        #expect(try await router.call("/noop").isCancelled)
    }

    @Test func anErrorAnswerIsThrown() async throws {
        let (router, _) = try pipeline()
        try router.action("/deny") { request in request.answer(throwing: Failure(description: "denied")) }
        await #expect(throws: Failure.self) { try await router.call("/deny") }
    }

    @Test func aPageAnswersLater() async throws {
        let (router, navigator) = try pipeline()
        let caller = Task { try await router.call("/login") }
        while navigator.shown.isEmpty { await Task.yield() }
        navigator.shown[0].request.answer(true)
        #expect(try await caller.value.value(as: Bool.self) == true)
    }

    @Test func closingAPageUnansweredGivesCancelled() async throws {
        let (router, navigator) = try pipeline()
        let caller = Task { try await router.call("/login") }
        while navigator.shown.isEmpty { await Task.yield() }
        navigator.closeTop()
        #expect(try await caller.value.isCancelled)
    }

    /// A caller that goes away (a web page left, another app's call ended) stops waiting; the
    /// page stays shown. Before, it waited until the user closed the page.
    @Test func aCancelledCallerStopsWaitingForAPageThatStaysShown() async throws {
        let (router, navigator) = try pipeline()
        let caller = Task { try await router.call("/login") }
        while navigator.shown.isEmpty { await Task.yield() }
        caller.cancel()
        #expect(try await caller.value.isCancelled)
        #expect(navigator.shown.count == 1)
    }

    @Test func aSecondAnswerIsIgnoredAndLogged() async throws {
        let recorder = LogCapture()
        let (router, navigator) = try pipeline(configuration: RouterConfiguration(logger: Logger(label: "t") { _ in recorder }))
        defer { withExtendedLifetime(navigator) {} }
        try router.action("/twice") { request in
            request.answer("first")
            request.answer("second")
        }
        #expect(try await router.call("/twice").value(as: String.self) == "first")
        #expect(recorder.lines == ["warning: /twice was answered more than once; the later answer was ignored"])
    }

    @Test func aFailedOpenThrowsInsteadOfWaiting() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        await #expect(throws: OpenError.self) { try await router.call("/nowhere") }
        router.addInterceptor(Step(name: "wall") { _ in .reject(Failure(description: "closed")) })
        await #expect(throws: OpenError.rejected(by: "wall", reason: "closed")) { try await router.call("/product/1") }
    }

    @Test func everyOpenIsPublishedAsAnEvent() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        let events = router.events()
        _ = await router.open("/product/1", source: .push)
        _ = await router.open("/nowhere")
        var iterator = events.makeAsyncIterator()
        let first = await iterator.next()
        let second = await iterator.next()
        #expect(first?.url == "/product/1" && first?.source == .push && first?.succeeded == true)
        #expect(second?.url == "/nowhere" && second?.succeeded == false)
    }

    @Test func theRecorderKeepsTheLastOpens() async throws {
        let (router, navigator) = try pipeline(recording: 2)
        defer { withExtendedLifetime(navigator) {} }
        for id in 1...3 { _ = await router.open("/product/\(id)") }
        let recorder = try #require(router.recorder)
        #expect(recorder.entries.map(\.url) == ["/product/2", "/product/3"])
        #expect(recorder.exportText().hasPrefix("/product/2 [in-app] → opened /product/:id (push) ("))
        let decoded = try JSONDecoder().decode([DebugRecorder.Entry].self, from: recorder.exportJSON())
        #expect(decoded == recorder.entries)
        #expect(Router(configuration: .quiet).recorder == nil)
    }
}
