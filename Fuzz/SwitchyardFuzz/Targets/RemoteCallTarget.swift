import Foundation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Remote-call URLs. An accepted one names a target and an action, on the configured scheme and
/// host; a refusal is safe to log.
enum RemoteCallTarget: FuzzTarget {
    static let name = "remote"

    static let mediator: Mediator = {
        var configuration = MediatorConfiguration(remoteSchemes: ["myapp"], remoteHosts: ["call"])
        configuration.aliases["openWeb"] = MediatorAlias(target: "Web", action: "webPage")
        configuration.logger.logLevel = .critical
        return Mediator(configuration: configuration)
    }()

    static func run(_ data: Data) {
        let url = String(decoding: data, as: UTF8.self)
        do {
            let call = try mediator.remoteCall(for: url)
            if call.target.isEmpty || call.action.isEmpty { violated("a call names a target and an action", url.debugDescription) }
            if !url.lowercased().utf8.starts(with: "myapp://call".utf8) { violated("only the configured scheme and host are accepted", url.debugDescription) }
            if !call.isRemote { violated("a call from a URL is remote", url.debugDescription) }
        } catch {
            if !isSafeToLog(error.description) { violated("a refusal is safe to log", url.debugDescription + " → " + error.description.debugDescription) }
        }
    }
}
