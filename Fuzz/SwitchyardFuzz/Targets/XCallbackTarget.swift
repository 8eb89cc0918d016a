import Foundation
import SwitchyardBridge
import SwitchyardPipeline
import SwitchyardRouting

/// x-callback-url requests from other apps and replies to this app's calls. A request is
/// read only when every callback it names is allowed; no reply answers a call never made.
enum XCallbackTarget: FuzzTarget {
    static let name = "xcallback"

    static let router: Router = {
        var configuration = RouterConfiguration(schemes: ["shop"])
        configuration.logger.logLevel = .critical
        return Router(configuration: configuration)
    }()
    static let channel: XCallbackChannel? = {
        let settings = XCallbackSettings(sourceName: "Shop", openToApps: ["/cart/pick"], allowedCallbacks: ["sibling", "partner://x-callback-url"],
                                         successAliases: ["callBack"])
        guard let channel = try? XCallbackChannel(router: router, settings: settings, openURL: { _ in true }) else { return nil }
        _ = try? channel.register()
        return channel
    }()

    static func run(_ data: Data) {
        guard let channel else { return }
        let url = "shop://x-callback-url/" + String(decoding: data, as: UTF8.self)
        guard let match = try? router.table.resolve(url, source: .deepLink) else { return }
        let request = match.request
        if match.route.pattern.hasSuffix(":outcome") {
            do {
                try channel.receiveReply(request)
                violated("no reply answers a call never made", url.debugDescription)
            } catch {
                if !isSafeToLog("\(error)") { violated("a refusal is safe to log", url.debugDescription) }
            }
            return
        }
        // A protocol name given twice, however it is spelled in the query, refuses the request.
        let protocolNames: Set<String> = ["x-success", "x-error", "x-cancel", "x-source", "callBack"]
        var seen: Set<String> = []
        let repeats = request.query.items.contains { protocolNames.contains($0.name) && !seen.insert($0.name).inserted }
        do {
            let read = try XCallbackRequest.read(request, host: "x-callback-url", successAliases: ["callBack"], destinations: channel.destinations,
                                                 maximumCallbackBytes: 8_192)
            for (name, callback) in [("x-success", read.success), ("x-error", read.error), ("x-cancel", read.cancel)] {
                guard let callback else { continue }
                if channel.destinations.refusal(callback, parameter: name, maximumBytes: 8_192) != nil {
                    violated("only allowed callbacks are read", url.debugDescription)
                }
                // Checked by another parser too: a partner callback Foundation reads has the
                // one host allowed (a :// later in the URL once passed for it).
                if let components = URLComponents(string: callback), components.scheme?.lowercased() == "partner",
                   components.host?.lowercased() != "x-callback-url" {
                    violated("a host-limited callback has that host", url.debugDescription + " → " + callback.debugDescription)
                }
            }
            if repeats { violated("a protocol parameter given twice is refused", url.debugDescription) }
            // By bytes: a combining mark after the `/` makes one character of the two.
            if let target = read.target, target.utf8.first != UInt8(ascii: "/") { violated("the target is a path", url.debugDescription) }
        } catch {
            if !isSafeToLog(error.description) { violated("a refusal is safe to log", url.debugDescription) }
        }
    }
}
