import Foundation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Query strings. What parses prints back to the same items through reverse routing.
enum QueryTarget: FuzzTarget {
    static let name = "query"

    static let table: RouteTable<Int> = {
        let table = RouteTable<Int>()
        _ = try? table.register("/q", target: 0)
        return table
    }()

    static func run(_ data: Data) {
        let query = String(decoding: data, as: UTF8.self)
        do {
            let items = try table.resolve("/q?" + query).request.query
            if items.count > InputLimits.default.queryItems { violated("at most the limit of items", query.debugDescription) }
            let printed = try table.url(for: "/q", query: items)
            guard (try? table.resolve(printed).request.query) == items else {
                violated("printed items parse back to themselves", query.debugDescription + " → " + printed.debugDescription)
            }
        } catch {
            if !isSafeToLog(error.description) { violated("a refusal is safe to log", query.debugDescription) }
        }
    }
}
