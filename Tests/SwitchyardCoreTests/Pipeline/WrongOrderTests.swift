import Foundation
import Logging
import Switchyard
import SwitchyardObjCRules
import Testing

/// Issue 48, family 6: a wrong order says so. Each either works or fails with an error or a log
/// line that names the fix, and leaves no task behind.
@Suite("A wrong order says so")
struct WrongOrderTests {
    static func router(_ logs: LogCapture, startsReady: Bool = true) throws -> Router {
        let router = Router(configuration: RouterConfiguration(logger: logs.logger), settings: PipelineSettings(
            startsReady: startsReady, tabs: ["home", "cart"], homes: WindowHomes(tabs: ["home": "/home", "cart": "/cart"]),
            readinessWarning: .milliseconds(20)))
        try router.page("/home", home: .tab("home")) { _ in Destination("Home") }
        try router.page("/cart", home: .tab("cart")) { _ in Destination("Cart") }
        return router
    }

    /// A launch awaited before `markReady()` logs the fix while it waits, and runs once the
    /// router is ready.
    @Test func aLaunchBeforeMarkReadyWaitsAndSaysWhatToDo() async throws {
        let logs = LogCapture()
        let router = try Self.router(logs, startsReady: false)
        let navigator = try await MainActor.run { try HeadlessNavigator(tabs: ["home", "cart"]) }
        await router.attach(navigator, scene: "w")
        let launching = Task { await router.launch(scene: "w") }
        for _ in 0..<2_000 where !logs.lines.contains(where: { $0.contains("markReady") }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(logs.lines.contains(#"warning: launch(scene: "w") has waited 0.02 seconds for markReady(): it starts once the router is ready. Call router.markReady() when the modules have started, before awaiting the launch; an app that awaits its launch first waits for ever"#))
        router.markReady()
        let report = await launching.value
        #expect(report.homes.map(\.status) == [.opened, .opened])
    }

    /// A launch, or `showHomes`, of a scene with no navigator reports every home not shown, with
    /// the fix, and logs it; the same for the router's own navigator.
    @Test(arguments: ["w", nil] as [String?])
    func aLaunchWithNoNavigatorReportsEveryHomeWithTheFix(scene: String?) async throws {
        let logs = LogCapture()
        let router = try Self.router(logs)
        let reason = Router.noNavigatorForLaunch(scene: scene)
        let report = await router.launch(scene: scene)
        #expect(report.homes.map { "\($0.place?.description ?? "root") \($0.url)" } == [#"tab "cart" /cart"#, #"tab "home" /home"#])
        #expect(report.homes.map(\.status) == [.failed(reason), .failed(reason)])
        #expect(await router.showHomes(scene: scene).map(\.status) == [.failed(reason), .failed(reason)])
        #expect(logs.lines.filter { $0 == "warning: homes not put in place: \(reason)" }.count == 2)
        #expect(reason.contains("attach"))
    }

    /// Every home is reported, the root's, each tab's and each column's, when a window has no navigator.
    @Test func everyHomeOfEveryKindIsReportedWithNoNavigator() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(
            tabs: ["home"], homes: WindowHomes(root: "/start", tabs: ["home": "/home"], columns: [.primary: "/list", .detail: "/detail"])))
        let reports = await router.showHomes()
        #expect(reports.map(\.url) == ["/start", "/home", "/detail", "/list"])
        #expect(reports.allSatisfy { $0.status == .failed(Router.noNavigatorForLaunch(scene: nil)) })
    }

    /// An Objective-C app started twice: the second start runs nothing and fails, naming the fix.
    @Test func anObjectiveCAppStartedTwiceSaysSo() throws {
        let logs = LogCapture()
        let app = AppRouter(router: Router(configuration: RouterConfiguration(logger: logs.logger)), services: ServiceRegistry.quiet())
        let steps = ObjCAppSteps(app: app)
        try steps.start { _, _ in }
        #expect(throws: ModuleError.startedAgain) { try steps.start { _, _ in } }
        #expect(logs.lines.contains("error: the app has started already, so this start did nothing: start it once, from application:didFinishLaunchingWithOptions:"))
        #expect(ObjCErrorCode(ModuleError.startedAgain) == .modulesAlreadyStarted)
    }

    /// An Objective-C app never started holds no task: once it goes, what it held is released and
    /// the events it never delivered are logged, with the fix.
    @Test func anObjectiveCAppNeverStartedHoldsNothingAndSaysWhatItDroppedWhenItGoes() async throws {
        let logs = LogCapture()
        weak var held: Sentinel?
        do {
            let app = AppRouter(router: Router(configuration: RouterConfiguration(logger: logs.logger)), services: ServiceRegistry.quiet())
            let steps = ObjCAppSteps(app: app)
            let sentinel = Sentinel()
            held = sentinel
            steps.send(.didFinishLaunching(options: [:])) { _ in _ = sentinel }
            steps.send(.willTerminate) { _ in _ = sentinel }
            #expect(logs.lines == ["notice: event didFinishLaunching waits for the app's start: call startWithCompletion: from application:didFinishLaunchingWithOptions:"])
        }
        #expect(held == nil)
        #expect(logs.lines.last?.hasPrefix("warning: the app went before its modules started and loaded, so 2 event(s) sent to it were never delivered") == true)
        #expect(logs.lines.last?.hasSuffix("call startWithCompletion: once, from application:didFinishLaunchingWithOptions:") == true)
    }
}
