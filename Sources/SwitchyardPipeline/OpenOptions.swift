import SwitchyardNavigation
import SwitchyardRouting

/// How to open a URL.
///
/// A value type whose fields live in one shared object until a copy is changed: an open passes
/// its options down its whole pipeline, and a copy costs one reference count, not one per field.
public struct OpenOptions: Sendable {
    /// Whether the navigator animates the page. Default `true`.
    public var animated: Bool {
        get { storage.fields.animated }
        set { unique.fields.animated = newValue }
    }
    /// Shows the page this way instead of the route's own command.
    public var command: NavigationCommand? {
        get { storage.fields.command }
        set { unique.fields.command = newValue }
    }
    /// The "green channel": skip every interceptor for this open.
    public var skipsInterceptors: Bool {
        get { storage.fields.skipsInterceptors }
        set { unique.fields.skipsInterceptors = newValue }
    }
    /// The scene (window) the URL or user activity arrived in, as attached with
    /// ``Router/attach(_:scene:)``: the page shows in that scene's navigator only. `nil` uses
    /// ``Router/navigator``.
    public var scene: String? {
        get { storage.fields.scene }
        set { unique.fields.scene = newValue }
    }
    /// Whether the open repeats one the app already received (a route resumed after login, a
    /// retry of the app's own): the duplicate guard, which stops double taps and repeated
    /// deliveries of one link (``PipelineSettings/duplicateWindow``), lets it through.
    ///
    /// The library sets it on every open it replays itself: ``Router/resumeAfterLogin(using:scene:)``
    /// and restoration. Opens held until ``Router/markReady()`` and a redirect's target are not
    /// checked again either: the guard looked at each open once, when it arrived.
    public var isReplay: Bool {
        get { storage.fields.isReplay }
        set { unique.fields.isReplay = newValue }
    }
    /// Where a restored screen goes, whatever its route's home says.
    var placement: Placement {
        get { storage.fields.placement }
        set { unique.fields.placement = newValue }
    }
    /// A restore: no duplicate guard (a stack may hold one URL twice) and no parents built
    /// under a page, as the saved stack lists them.
    var restoring: Bool {
        get { storage.fields.restoring }
        set { unique.fields.restoring = newValue }
    }
    /// A window's home being put in place (``Router/showHomes(scene:)``): the page becomes its
    /// place's root, only while that stack is empty.
    var fillingHome: HomeFill? {
        get { storage.fields.fillingHome }
        set { unique.fields.fillingHome = newValue }
    }
    /// A detour an interceptor asked for while a home opened (login): pushed onto an empty
    /// stack it would become that stack's root, so it is presented.
    var presentsDetour: Bool {
        get { storage.fields.presentsDetour }
        set { unique.fields.presentsDetour = newValue }
    }
    /// Whether a URL no route matches shows the not-found page: not for a restore, a home or a
    /// link at launch, which leave the window as it was, nor for a caller told so (a web page).
    package var showsNotFoundPage: Bool {
        get { storage.fields.showsNotFoundPage }
        set { unique.fields.showsNotFoundPage = newValue }
    }
    /// The pattern of the typed route being opened: its URL must reach that route, not one
    /// that matches the same URL first.
    var typedPattern: String? {
        get { storage.fields.typedPattern }
        set { unique.fields.typedPattern = newValue }
    }
    /// The only routes the URL may reach, for a caller outside the app (a web page through
    /// the bridge, another app through x-callback-url); `nil` for any route.
    public var reachable: ReachableRoutes? {
        get { storage.fields.reachable }
        set { unique.fields.reachable = newValue }
    }
    /// Who asks (``RouteRequest/caller``); `nil` for the caller the open's source implies
    /// (``RouteCaller/init(source:)``). The duplicate guard tells callers apart by it.
    public var caller: RouteCaller? {
        get { storage.fields.caller }
        set { unique.fields.caller = newValue }
    }
    /// Values the caller outside the app sent besides the URL (a page's `params`): the route
    /// reads them as ``RouteRequest/callerParameters``, never as native values. A bridge of the
    /// app's own (React Native, a mini-program host) puts what its pages send here.
    public var callerParameters: [String: any Sendable] {
        get { storage.fields.callerParameters }
        set { unique.fields.callerParameters = newValue }
    }

    /// How a home is put in place.
    enum HomeFill {
        /// In its stack, leaving the user where they are; a home an interceptor sends
        /// elsewhere (to log in) waits instead of following it.
        case background
        /// Where the user is, with nothing else to see (the end of a launch): a detour an
        /// interceptor asks for (login) is followed, though the user did not ask for the page.
        case inPlace
        /// The user went there (a tap on its tab): its tab is selected, and a detour is followed.
        case tapped

        /// Whether the user asked for the page; an interceptor that remembers where the user was
        /// going does not remember a home the router put in place unasked.
        var isUnasked: Bool { self != .tapped }
    }

    enum Placement {
        /// The page's own ``RouteTarget/home``.
        case routeHome
        /// Where the user is, whatever the page's home.
        case current
        /// In this home.
        case home(PageHome)
    }

    /// Options for one open; the defaults animate, use the route's command, run every
    /// interceptor and let the duplicate guard stop a double tap.
    public init(
        animated: Bool = true, command: NavigationCommand? = nil, skipsInterceptors: Bool = false, scene: String? = nil, isReplay: Bool = false
    ) {
        // The defaults share one object, so the everyday open allocates nothing for its options.
        let isDefault = animated && command == nil && !skipsInterceptors && scene == nil && !isReplay
        storage = isDefault
            ? Storage.defaults
            : Storage(Fields(animated: animated, command: command, skipsInterceptors: skipsInterceptors, scene: scene, isReplay: isReplay))
    }

    /// Whether the duplicate guard looks at this open: not for a replay or a restore.
    var checksDuplicates: Bool { !storage.fields.isReplay && !storage.fields.restoring }

    private var storage: Storage

    /// The storage, copied first when another value shares it.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            return storage
        }
    }

    private struct Fields {
        var animated = true
        var command: NavigationCommand?
        var skipsInterceptors = false
        var scene: String?
        var isReplay = false
        var placement: Placement = .routeHome
        var restoring = false
        var fillingHome: HomeFill?
        var presentsDetour = false
        var showsNotFoundPage = true
        var typedPattern: String?
        var reachable: ReachableRoutes?
        var caller: RouteCaller?
        var callerParameters: [String: any Sendable] = [:]
    }

    /// The fields in one object. Changed only through ``unique``, so never while two values
    /// share it: that is what makes it safe to send.
    private final class Storage: @unchecked Sendable {
        static let defaults = Storage(Fields())

        var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }
}
