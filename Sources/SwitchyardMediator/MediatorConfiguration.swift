import Logging
import SwitchyardRouting

/// Where the mediator looks for targets and which URLs may call them.
///
/// ```swift
/// var configuration = MediatorConfiguration(modules: ["ProductFeature", "WebFeature"])
/// configuration.remoteSchemes = ["myapp"]
/// configuration.remoteHosts = ["call"]
/// configuration.aliases["openWeb"] = MediatorAlias(target: "Web", action: "webPage")
/// let mediator = Mediator(configuration: configuration)
/// // myapp://call/openWeb?url=… runs Web/webPage
/// ```
public struct MediatorConfiguration: Sendable {
    /// Modules searched, in order, for a target named without its module (`Product`, as URLs name them).
    public var modules: [String]
    /// Prepended to a target's name to form its type name: `Product` → `Target_Product`.
    public var targetPrefix: String
    /// Schemes of URLs that may call actions (lowercased); empty refuses every URL.
    public var remoteSchemes: Set<String> { didSet { remoteSchemes = Set(remoteSchemes.map { $0.lowercased() }) } }
    /// Hosts of URLs that may call actions (lowercased); empty refuses every URL.
    public var remoteHosts: Set<String> { didSet { remoteHosts = Set(remoteHosts.map { $0.lowercased() }) } }
    /// Short names for long target/action pairs, used as a URL's whole path: `openWeb` → `Web/webPage`.
    public var aliases: [String: MediatorAlias]
    /// When set, a URL must carry a valid signature (the router's ``LinkSigner``).
    public var signer: LinkSigner?
    /// Where the mediator reports a target registered again under a name already in use.
    public var logger: Logger

    /// Creates a configuration; schemes and hosts are lowercased. The defaults accept no URL.
    public init(
        modules: [String] = [],
        targetPrefix: String = "Target_",
        remoteSchemes: Set<String> = [],
        remoteHosts: Set<String> = [],
        aliases: [String: MediatorAlias] = [:],
        signer: LinkSigner? = nil,
        logger: Logger = Logger(label: "switchyard.mediator")
    ) {
        self.modules = modules
        self.targetPrefix = targetPrefix
        self.remoteSchemes = Set(remoteSchemes.map { $0.lowercased() })
        self.remoteHosts = Set(remoteHosts.map { $0.lowercased() })
        self.aliases = aliases
        self.signer = signer
        self.logger = logger
    }
}

/// The target and action a short URL keyword stands for.
public struct MediatorAlias: Hashable, Sendable {
    /// The target the keyword calls, as ``Mediator/perform(target:action:parameters:)`` names it.
    public let target: String
    /// The action of ``target`` the keyword calls.
    public let action: String

    /// Creates an alias for `action` of `target`.
    public init(target: String, action: String) {
        self.target = target
        self.action = action
    }
}
