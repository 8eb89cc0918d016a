import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// What a ``WebBridgePolicy`` lets in, checked once: the routes of each origin, and of each
/// folder of the app's own files. Decides which pages a frame's message may speak for.
struct WebReach: Sendable {
    /// The routes each origin's pages reach: `http(s)` origins and the app's served schemes.
    private let origins: [WebOrigin: ReachableRoutes]
    /// The routes of each folder of the app's files, longest folder first, each ending in `/`.
    private let directories: [(path: String, reach: ReachableRoutes)]

    /// The origin every page of the app's files shares; the folder tells them apart.
    static let fileOrigin = WebOrigin(scheme: "file", host: "", port: nil)

    init(_ policy: WebBridgePolicy, configuration: RouterConfiguration) throws(BridgeSetupError) {
        for scheme in policy.servedSchemes.sorted() where !WebOrigin.isServable(scheme) {
            throw .invalidServedScheme(scheme)
        }
        var origins: [WebOrigin: ReachableRoutes] = [:]
        for (text, patterns) in policy.origins.sorted(by: { $0.key < $1.key }) {
            guard let origin = WebOrigin(text), !origin.isFile else { throw .invalidOrigin(text) }
            if origin.scheme != "http", origin.scheme != "https", !policy.servedSchemes.contains(origin.scheme) {
                throw .schemeNotServed(origin: text, scheme: origin.scheme)
            }
            origins[origin] = try Self.reach("web pages of \(origin)", patterns, for: text, configuration)
        }
        var directories: [(String, ReachableRoutes)] = []
        for (path, patterns) in policy.fileDirectories.sorted(by: { $0.key < $1.key }) {
            if let reason = Self.directoryProblem(path) { throw .invalidFileDirectory(path, reason: reason) }
            let folder = path.hasSuffix("/") ? path : path + "/"
            directories.append((folder, try Self.reach("pages of file://\(folder)", patterns, for: path, configuration)))
        }
        self.origins = origins
        self.directories = directories.sorted { $0.0.utf8.count > $1.0.utf8.count }
    }

    private static func reach(
        _ caller: String, _ patterns: [String], for entry: String, _ configuration: RouterConfiguration
    ) throws(BridgeSetupError) -> ReachableRoutes {
        do {
            return try ReachableRoutes(caller: caller, patterns: patterns, configuration: configuration)
        } catch {
            throw .invalidPattern(origin: entry, error)
        }
    }

    /// Why `path` cannot be a folder of pages, or `nil`.
    static func directoryProblem(_ path: String) -> String? {
        guard path.utf8.first == ASCII.slash else { return "is not an absolute path" }
        guard path.utf8.count <= 4_096 else { return "is longer than 4096 bytes" }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let inner = path.hasSuffix("/") ? segments.dropLast() : segments
        guard !inner.isEmpty else { return "is the root folder, which would let in every file" }
        guard !inner.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return "has an empty, \".\" or \"..\" segment" }
        guard !path.utf8.contains(0) else { return "holds a NUL byte" }
        return nil
    }

    /// The origin a frame's pages are counted under and the routes they reach, or why the frame
    /// may not use the bridge.
    func admit(_ frame: WebFrame) -> Result<(WebOrigin, ReachableRoutes), BridgeError> {
        guard let origin = frame.origin else { return .failure(.originNotAllowed(origin: nil)) }
        guard origin.isFile else {
            guard let reach = origins[origin] else { return .failure(.originNotAllowed(origin: origin.description)) }
            return .success((origin, reach))
        }
        guard let path = frame.url.flatMap(Self.filePath) else { return .failure(.fileNotAllowed(path: nil)) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { return .failure(.fileNotAllowed(path: path)) }
        guard let folder = directories.first(where: { path.hasPrefix($0.path) }) else { return .failure(.fileNotAllowed(path: path)) }
        return .success((Self.fileOrigin ?? origin, folder.reach))
    }

    /// The decoded path of a `file:` URL (`file:///a/b.html`, `file://localhost/a/b.html`),
    /// without query or fragment; `nil` for any other URL, a bad escape or a NUL.
    static func filePath(_ url: String) -> String? {
        guard url.utf8.count <= 8_192 else { return nil }
        let lower = url.prefix(17).lowercased()
        let rest: Substring
        if lower.hasPrefix("file:///") {
            rest = url.dropFirst(7)
        } else if lower.hasPrefix("file://localhost/") {
            rest = url.dropFirst(16)
        } else {
            return nil
        }
        let raw = rest.prefix { $0 != "?" && $0 != "#" }
        guard case .success(let path) = PercentCoding.decode(String(raw), plusIsSpace: false), !path.utf8.contains(0) else { return nil }
        return path
    }
}
