import Switchyard

/// `switchyard docs` and `switchyard graph`: a catalog of the routes for people.
public enum CatalogWriter {
    /// A Markdown table: pattern, kind, target, login, minimum version, module.
    public static func markdown(_ catalog: RouteCatalog, file: String) -> String {
        var lines = ["# Route catalog", ""]
        let version = catalog.manifest.map { " (manifest version \($0.manifestVersion))" } ?? ""
        lines.append("Generated from `\(file)`\(version) by `switchyard docs`: \(catalog.entries.count) routes.")
        lines.append("")
        lines.append("| Pattern | Kind | Target | Login | Minimum version | Module |")
        lines.append("| --- | --- | --- | --- | --- | --- |")
        for entry in catalog.entries {
            let cells = ["`\(entry.pattern)`", entry.kind, entry.target ?? "", entry.requiresLogin ? "yes" : "",
                         entry.minimumAppVersion ?? "", entry.owner ?? ""]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

/// How `switchyard graph` draws modules, routes and targets: Mermaid or Graphviz `dot`.
    public enum GraphFormat: String, CaseIterable, Sendable {
        /// A Mermaid flowchart, for Markdown that renders it.
        case mermaid
        /// A Graphviz `dot` digraph.
        case dot
    }

    /// Modules → routes → targets.
    public static func graph(_ catalog: RouteCatalog, format: GraphFormat) -> String {
        var edges: [(from: String, to: String)] = []
        for entry in catalog.entries {
            let module = "module:" + (entry.owner ?? "(no module)")
            let route = "route:" + entry.pattern
            edges.append((module, route))
            if let target = entry.target { edges.append((route, "\(entry.kind):" + target)) }
        }
        var seen = Set<String>()
        edges = edges.filter { seen.insert($0.from + "\u{0}" + $0.to).inserted }
        switch format {
        case .dot:
            let quote = { (node: String) in "\"" + node.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            return (["digraph routes {", "  rankdir=LR;"] + edges.map { "  \(quote($0.from)) -> \(quote($0.to));" } + ["}"]).joined(separator: "\n") + "\n"
        case .mermaid:
            var ids: [String: String] = [:]
            var lines = ["graph LR"]
            func node(_ name: String) -> String {
                if let id = ids[name] { return id }
                let id = "n\(ids.count)"
                ids[name] = id
                let label = name.replacingOccurrences(of: "\"", with: "#quot;")
                return "\(id)[\"\(label)\"]"
            }
            for edge in edges { lines.append("  \(node(edge.from)) --> \(node(edge.to))") }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
