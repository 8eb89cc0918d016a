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

    init(_ policy: WebBridgePolicy, router: Router) throws(BridgeSetupError) {
        let configuration = router.configuration, registered = router.registeredPatterns
        for scheme in policy.servedSchemes.sorted() where !WebOrigin.isServable(scheme) {
            throw .invalidServedScheme(scheme)
        }
        var origins: [WebOrigin: ReachableRoutes] = [:]
        for (text, patterns) in policy.origins.sorted(by: { $0.key < $1.key }) {
            guard let origin = WebOrigin(text), !origin.isFile else { throw .invalidOrigin(text) }
            if origin.scheme != "http", origin.scheme != "https", !policy.servedSchemes.contains(origin.scheme) {
                throw .schemeNotServed(origin: text, scheme: origin.scheme)
            }
            origins[origin] = try Self.reach("web pages of \(origin)", patterns, for: text, configuration, registered: registered)
        }
        var directories: [(String, ReachableRoutes)] = []
        for (path, patterns) in policy.fileDirectories.sorted(by: { $0.key < $1.key }) {
            if let reason = Self.directoryProblem(path) { throw .invalidFileDirectory(path, reason: reason) }
            let folder = path.hasSuffix("/") ? path : path + "/"
            directories.append((folder, try Self.reach("pages of file://\(folder)", patterns, for: path, configuration, registered: registered)))
        }
        self.origins = origins
        self.directories = directories.sorted { $0.0.utf8.count > $1.0.utf8.count }
    }

    /// The routes `patterns` name, for `caller`; each must be registered.
    static func reach(
        _ caller: String, _ patterns: [String], for entry: String, _ configuration: RouterConfiguration, registered: Set<String>
    ) throws(BridgeSetupError) -> ReachableRoutes {
        let reachable: ReachableRoutes
        do {
            reachable = try ReachableRoutes(caller: caller, patterns: patterns, configuration: configuration)
        } catch {
            throw .invalidPattern(origin: entry, error)
        }
        if let missing = reachable.patterns.subtracting(registered).min() { throw .routeNotRegistered(origin: entry, pattern: missing) }
        return reachable
    }

    /// Why `path` cannot be a folder of pages, or `nil`. Read by bytes: a combining mark after
    /// a `/` must not hide it.
    static func directoryProblem(_ path: String) -> String? {
        let bytes = Array(path.utf8)
        guard bytes.first == ASCII.slash else { return "is not an absolute path" }
        guard bytes.count <= 4_096 else { return "is \(bytes.count) bytes long; the limit is 4096" }
        guard !bytes.contains(0), !bytes.contains(ASCII.backslash) else { return "holds a NUL byte or a backslash" }
        var segments = segmentsOf(bytes)
        if segments.last?.isEmpty == true { segments.removeLast() }   // the trailing `/` of a folder
        guard !segments.isEmpty else { return "is the root folder, which would let in every file" }
        guard !segments.contains(where: isDotOrEmpty) else { return "has an empty, \".\" or \"..\" segment" }
        return nil
    }

    /// The segments of an absolute path, by bytes: what comes after each `/`.
    private static func segmentsOf(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        Array(bytes.split(separator: ASCII.slash, omittingEmptySubsequences: false).dropFirst())
    }

    private static let dot = UInt8(ascii: ".")

    private static func isDotOrEmpty(_ segment: ArraySlice<UInt8>) -> Bool {
        segment.isEmpty || segment.elementsEqual([Self.dot]) || segment.elementsEqual([Self.dot, Self.dot])
    }

    /// What the policy let a frame in as: its origin, the folder of a page of the app's files
    /// (which the policy tells apart as it tells origins apart), and the routes it reaches.
    struct Admitted {
        let origin: WebOrigin
        /// The folder whose entry let a `file:` page in (`/app/h5/`); `nil` for any other origin.
        let folder: String?
        let reach: ReachableRoutes
    }

    /// What the policy lets `frame` in as, or why the frame may not use the bridge.
    func admit(_ frame: WebFrame) -> Result<Admitted, BridgeError> {
        guard let origin = frame.origin else { return .failure(.originNotAllowed(origin: nil)) }
        guard origin.isFile else {
            guard let reach = origins[origin] else { return .failure(.originNotAllowed(origin: origin.description)) }
            return .success(Admitted(origin: origin, folder: nil, reach: reach))
        }
        let path: String
        switch Self.filePath(frame.url ?? "") {
        case .success(let read): path = read
        case .failure(let refusal): return .failure(.fileNotAllowed(path: nil, reason: refusal.reason))
        }
        let bytes = Array(path.utf8)
        if bytes.contains(ASCII.backslash) || Self.segmentsOf(bytes).dropLast().contains(where: Self.isDotOrEmpty)
            || Self.segmentsOf(bytes).last.map({ !$0.isEmpty && Self.isDotOrEmpty($0) }) == true {
            return .failure(.fileNotAllowed(path: path, reason: "has an empty, \".\" or \"..\" segment, or a backslash"))
        }
        guard let folder = directories.first(where: { bytes.starts(with: $0.path.utf8) }) else {
            return .failure(.fileNotAllowed(path: path, reason: "is in no folder whose pages may use the bridge"))
        }
        return .success(Admitted(origin: Self.fileOrigin ?? origin, folder: folder.path, reach: folder.reach))
    }

    /// The longest URL of a page of the app's files the bridge reads.
    static let maximumURLBytes = 8_192

    /// Why a frame's URL is not one of a page of the app's files.
    struct Refusal: Error {
        let reason: String
    }

    /// The decoded path of a `file:` URL (`file:///a/b.html`, `file://localhost/a/b.html`),
    /// without query or fragment; or why the URL is none.
    static func filePath(_ url: String) -> Result<String, Refusal> {
        let bytes = Array(url.utf8)
        guard bytes.count <= maximumURLBytes else {
            return .failure(Refusal(reason: "has a URL of \(bytes.count) bytes; the limit is \(maximumURLBytes)"))
        }
        let lower = bytes.prefix(17).map(ASCII.lowercased)
        let start: Int
        if lower.starts(with: Array("file:///".utf8)) {
            start = 7
        } else if lower.starts(with: Array("file://localhost/".utf8)) {
            start = 16
        } else {
            return .failure(Refusal(reason: "is not a plain file: URL"))
        }
        let raw = bytes[start...].prefix { $0 != ASCII.question && $0 != ASCII.hash }
        guard case .success(let path) = PercentCoding.decode(String(decoding: raw, as: UTF8.self), plusIsSpace: false),
              !path.utf8.contains(0) else { return .failure(Refusal(reason: "has a bad percent escape or a NUL in its path")) }
        return .success(path)
    }
}
