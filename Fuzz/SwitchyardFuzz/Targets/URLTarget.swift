import Foundation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// URLs against a table of every kind of route. A match is deterministic and hands out no
/// NUL; a refusal says why on one visible line.
enum URLTarget: FuzzTarget {
    static let name = "url"

    static let table: RouteTable<Int> = {
        var configuration = RouterConfiguration(associatedDomains: ["app.example.com"], webRoute: "/web")
        configuration.logger.logLevel = .critical
        let table = RouteTable<Int>(configuration: configuration)
        _ = try? table.register([
            RouteSpec("/product/:id", target: 1), RouteSpec("/product/list", target: 2),
            RouteSpec("/a/<int:n>/<path:rest>", target: 3), RouteSpec("/login/:phone([0-9]+)", target: 4),
            RouteSpec("myapp://user/:id(/:tab)", target: 5), RouteSpec("/files/*", target: 6),
            RouteSpec("/<uuid:u>", target: 7), RouteSpec("/web", target: 8), RouteSpec("/v/:value", target: 9),
            RouteSpec("/slug/:s([a-z0-9]+(?:-[a-z0-9]+)*)", target: 11), RouteSpec("/f/<float:x>", target: 12),
            .regex(#"/campaign/(?<year>\d{4})-(\w+)"#, target: 10),
        ])
        return table
    }()

    static func run(_ data: Data) {
        let url = String(decoding: data, as: UTF8.self)
        do {
            let match = try table.resolve(url)
            let request = match.request
            guard request.path.utf8.first == UInt8(ascii: "/") else { violated("a matched path starts with /", url.debugDescription) }
            let values = request.pathParameters.items.map(\.value) + request.query.items.flatMap { [$0.name, $0.value] }
                + (request.remainder ?? []) + [request.fragment ?? ""]
            if values.contains(where: { $0.utf8.contains(0) }) { violated("no value holds a NUL", url.debugDescription) }
            guard let again = try? table.resolve(url), again.route.id == match.route.id,
                  again.request.pathParameters == request.pathParameters, again.request.query == request.query
            else { violated("resolving is deterministic", url.debugDescription) }
        } catch {
            let message = error.description
            if !isSafeToLog(message) { violated("a refusal is safe to log", url.debugDescription + " → " + message.debugDescription) }
            if message.count > 4_000 { violated("a refusal is bounded", url.debugDescription) }
        }
    }
}
