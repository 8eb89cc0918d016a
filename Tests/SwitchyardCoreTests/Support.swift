import SwitchyardCore

/// A table whose targets are the patterns themselves, so a match says which route won.
func table(_ patterns: [String], configuration: RouterConfiguration = RouterConfiguration()) throws -> RouteTable<String> {
    let table = RouteTable<String>(configuration: configuration)
    try table.register(patterns.map { RouteSpec($0, target: $0) })
    return table
}

extension RouteTable {
    /// The winning pattern for `url`, or `nil` when nothing matches.
    func winner(_ url: String) -> String? {
        (try? resolve(url))?.route.pattern
    }

    /// The error `resolve` throws for `url`, or `nil` when it matches.
    func failure(_ url: String) -> RoutingError? {
        do {
            _ = try resolve(url)
            return nil
        } catch {
            return error
        }
    }
}
