import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

/// What ``Router/requireLogin(for:except:loginPage:state:store:loginCommand:)`` set up.
struct LoginFlow: Sendable {
    let store: any PendingRouteStore
    let loginPage: String
    /// How the login page shows when a protected open detours to it; `nil` as it declares.
    let command: NavigationCommand?
}

/// A ``LoginState`` that asks a closure.
struct LoginCheck: LoginState {
    let isLoggedIn: @Sendable () async -> Bool

    func isLoggedIn() async -> Bool { await isLoggedIn() }
}

extension Router {
    /// Login as one thing: opens of `protected` routes (save the `except`ions) go to `loginPage`
    /// while `state` says nobody is signed in, and the login page, wherever its module is, ends
    /// it with ``loginDone()`` or ``loginCancelled()``, knowing neither the store nor the scene.
    ///
    /// ```swift
    /// try router.requireLogin(for: ["/orders", "/order/*"], loginPage: "/login", state: session)
    /// // in the login page's module, once the user signed in:
    /// await router.loginDone()          // the login page closes; /order/7 opens where it would have
    /// ```
    ///
    /// It adds a ``LoginInterceptor`` (returned, to take back with the module) over `store`,
    /// which keeps where the interrupted open was going, and in which scene; a
    /// ``FilePendingRouteStore`` keeps it across launches.
    /// - Throws: ``SwitchyardPatterns/PatternError`` for an invalid pattern.
    ///
    /// - Parameter loginCommand: how the login page shows when a protected open detours to it:
    ///   presented in a navigation container by default, over where the user is; `nil` shows it
    ///   as its page declares. Opened any other way, it shows as it declares.
    @discardableResult
    public func requireLogin(
        for protected: [String], except whitelist: [String] = [], loginPage: String, state: any LoginState,
        store: any PendingRouteStore = MemoryPendingRouteStore(), loginCommand: NavigationCommand? = .presentInNavigation
    ) throws(PatternError) -> LoginInterceptor {
        let interceptor = try LoginInterceptor(protected: protected, whitelist: whitelist, loginURL: loginPage, state: state, store: store,
                                               converters: configuration.converters)
        addInterceptor(interceptor)
        loginFlow.withLock { $0 = LoginFlow(store: store, loginPage: loginPage, command: loginCommand) }
        return interceptor
    }

    /// ``requireLogin(for:except:loginPage:state:store:loginCommand:)`` with typed routes and a
    /// closure that says whether someone is signed in, asked on every open of a protected route.
    ///
    /// ```swift
    /// try router.requireLogin(for: [OrdersRoute.self, OrderRoute.self], loginPage: LoginRoute.self) {
    ///     session.isLoggedIn
    /// }
    /// ```
    ///
    /// - Throws: ``SwitchyardPatterns/PatternError`` when `loginPage`'s pattern is not one fixed
    ///   path (``SwitchyardPatterns/PatternError/Reason/homeWithParameters(_:)``): it is opened with no values.
    @discardableResult
    public func requireLogin<Login: TypedRoute>(
        for protected: [any TypedRoute.Type], except whitelist: [any TypedRoute.Type] = [], loginPage: Login.Type,
        store: any PendingRouteStore = MemoryPendingRouteStore(), loginCommand: NavigationCommand? = .presentInNavigation,
        isLoggedIn: @escaping @Sendable () async -> Bool
    ) throws(PatternError) -> LoginInterceptor {
        return try requireLogin(for: protected.map { $0.pattern }, except: whitelist.map { $0.pattern }, loginPage: try fixedPath(Login.pattern),
                                state: LoginCheck(isLoggedIn: isLoggedIn), store: store, loginCommand: loginCommand)
    }

    /// How the page `pattern` shows when an open detoured to it: the login flow's command when
    /// it is the login page, else `nil` (as it declares).
    func loginCommand(forDetourTo pattern: String) -> NavigationCommand? {
        guard let flow = loginFlow.withLock({ $0 }), let command = flow.command,
              (try? table.resolve(flow.loginPage))?.route.pattern == pattern else { return nil }
        return command
    }

    /// The user signed in: closes the login page and opens the route it interrupted where it
    /// would have opened, in the scene it came from (``resumeAfterLogin(using:scene:)``), over the
    /// homes that waited for login. `nil` when nothing was interrupted (the homes still fill).
    ///
    /// Without ``requireLogin(for:except:loginPage:state:store:loginCommand:)`` it does nothing and logs why.
    @discardableResult
    public func loginDone() async -> OpenResult? {
        guard let flow = loginFlow.withLock({ $0 }) else {
            configuration.logger.error("loginDone(): no login was set up: call router.requireLogin(for:loginPage:state:) when the app starts")
            return nil
        }
        let scene = flow.store.load().map(PendingRoute.init(saved:))?.scene
        await closeLoginPage(flow, scene: scene)
        return await resumeAfterLogin(using: flow.store, scene: scene)
    }

    /// The user gave up: closes the login page and forgets the route it interrupted; the user
    /// stays where the login page was shown over.
    public func loginCancelled() async {
        guard let flow = loginFlow.withLock({ $0 }) else {
            configuration.logger.error("loginCancelled(): no login was set up: call router.requireLogin(for:loginPage:state:) when the app starts")
            return
        }
        let scene = flow.store.load().map(PendingRoute.init(saved:))?.scene
        try? flow.store.clear()
        await closeLoginPage(flow, scene: scene)
    }

    /// Closes the login page where it is shown: dismissed when presented, popped when pushed.
    @MainActor
    private func closeLoginPage(_ flow: LoginFlow, scene: String?) {
        guard let navigator = navigator(forScene: scene) else { return }
        let loginPattern = (try? resolve(flow.loginPage))?.route.pattern
        do {
            if navigator.isPresenting {
                try navigator.perform(.back(.dismiss))
            } else if let loginPattern, navigator.routes(at: navigator.currentPlace)?.last == loginPattern {
                try navigator.perform(.back(.back))
            }
        } catch {
            configuration.logger.warning("login page not closed: \(error)")
        }
    }
}
