import Foundation
import ShopContracts
import Switchyard

/// The phone's other apps, as the shop demo needs them: opening a URL hands it to the router
/// of the app whose scheme it has, as iOS would, a moment later and not inside the call.
public final class OtherApps: Sendable {
    private let routers = Guarded<[String: Router]>([:])
    /// Every URL opened through here, in order.
    public let opened = Guarded<[String]>([])

    public init() {}

    /// Makes `router` the app that opens URLs of `scheme`.
    public func install(_ router: Router, scheme: String) {
        routers.withLock { $0[scheme] = router }
    }

    /// Opens `url` in the app of its scheme; `false` when no such app is installed.
    public func open(_ url: String) -> Bool {
        opened.withLock { $0.append(url) }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard let router = routers.withLock({ $0[scheme] }) else { return false }
        Task { _ = await router.handleIncoming(url) }
        return true
    }
}
