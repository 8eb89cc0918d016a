import Foundation
import Switchyard
import Testing

/// Launches, links and readiness racing across scenes (run under Thread Sanitizer in CI): every
/// link ends, none is left waiting, and each window ends with its homes under its links.
@Suite("Concurrency: launches and links racing across scenes")
struct LaunchConcurrencyTests {
    @Test func linksLaunchesAndReadinessInAnyOrderLeaveNothingWaiting() async throws {
        for round in 0..<40 {
            let app = try await MainActor.run { try ColdStartApp(loggedIn: true, startsReady: false) }
            let scenes = ["a", "b", "c"]
            let navigators = try await MainActor.run { try scenes.map { _ in try HeadlessNavigator(tabs: ColdStartApp.tabs) } }
            let results = await withTaskGroup(of: String.self) { group -> [String] in
                for (index, scene) in scenes.enumerated() {
                    // Links before and after the scene comes, one with no scene.
                    for id in 1...3 {
                        group.addTask { "\(await app.router.handleIncoming("shop://product/\(index * 10 + id)", scene: scene).outcome.map { "\($0)" } ?? "taken")" }
                    }
                    group.addTask {
                        if (round + index) % 2 == 0 { await Task.yield() }
                        return await MainActor.run {
                            app.router.attach(navigators[index], scene: scene)
                            return app.router.startLaunch(scene: scene)
                        }.value.homes.map { "\($0.status)" }.joined(separator: ",")
                    }
                    // A second launch of the scene, sometimes.
                    if round % 3 == index {
                        group.addTask { await app.router.launch(scene: scene).homes.map { "\($0.status)" }.joined(separator: ",") }
                    }
                }
                group.addTask { "\(await app.router.handleIncoming("shop://cart", via: .push).outcome.map { "\($0)" } ?? "taken")" }
                group.addTask {
                    for _ in 0..<(round % 5) { await Task.yield() }
                    app.router.markReady()
                    return "ready"
                }
                var results: [String] = []
                for await result in group { results.append(result) }
                return results
            }
            #expect(results.filter { $0 == "opened /product/:id (push)" }.count == 9, "round \(round): every link of a scene opens in it: \(results)")
            #expect(app.router.launchWaiters == 0, "round \(round)")
            #expect(app.router.waitingForReadiness == 0 && app.router.launchesWaitingForReadiness == 0, "round \(round)")
            let outlines = await MainActor.run { navigators.map(\.state.outline) }
            for outline in outlines {
                // Every window has its homes, and its three links over its home.
                #expect(outline.dropFirst() == ["tab cart: Cart", "tab orders: Orders", "tab me: Me"], "round \(round): \(outline)")
                #expect(outline[0].hasPrefix("tab home*: Home > ") && outline[0].components(separatedBy: "Product(").count == 4, "round \(round): \(outline)")
            }
        }
    }
}
