import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

extension Router {
    /// The window's homes: ``PipelineSettings/homes``, and for each place it leaves out, the
    /// page that declared itself its home (`isHome: true`).
    var windowHomes: WindowHomes {
        let declared = pageHomes.withLock { $0 }
        guard !declared.isEmpty else { return settings.homes }
        var homes = settings.homes
        if homes.root == nil { homes.root = declared.root }
        homes.tabs.merge(declared.tabs) { set, _ in set }
        homes.columns.merge(declared.columns) { set, _ in set }
        return homes
    }

    /// Registers a route with `register` and, when `isHome`, makes its pattern the home of
    /// `place` (the plain window's for `nil`); all or nothing. A module taken back takes its
    /// home back with its routes.
    func declaringHome(
        _ place: PageHome?, isHome: Bool, of pattern: String, register: () throws(PatternError) -> RouteRegistration
    ) throws(PatternError) -> RouteRegistration {
        guard isHome else { return try register() }
        let url = try fixedPath(pattern)
        let taken = pageHomes.withLock { homes -> String? in
            if let other = homes.url(for: place) { return other }
            homes.set(url, for: place)
            return nil
        }
        if let taken { throw PatternError(pattern: pattern, offset: 0, reason: .homeTaken(place?.description ?? "the window", by: taken)) }
        let registration: RouteRegistration
        do {
            registration = try register()
        } catch {
            pageHomes.withLock { $0.set(nil, for: place) }
            throw error
        }
        RegistrationJournal.current?.record { [weak self] in
            self?.pageHomes.withLock { homes in
                if homes.url(for: place) == url { homes.set(nil, for: place) }
            }
        }
        return registration
    }
}

extension Router {
    /// The URL of `pattern` when it is one fixed path, opened with no values (a home, a login
    /// page); otherwise ``SwitchyardPatterns/PatternError/Reason/homeWithParameters(_:)``
    /// naming its parameters (none for `*` or an optional group).
    func fixedPath(_ pattern: String) throws(PatternError) -> String {
        let parsed = try RoutePattern(pattern, converters: configuration.converters, limits: configuration.limits)
        let isFixed = parsed.elements.allSatisfy { element in
            if case .segment(.literal) = element { return true } else { return false }
        }
        guard isFixed else { throw PatternError(pattern: pattern, offset: 0, reason: .homeWithParameters(parsed.parameterNames)) }
        return parsed.description
    }
}

extension WindowHomes {
    /// Sets (or, for `nil`, removes) the home of `place`: a tab's, a column's, or the plain window's root for `nil`.
    mutating func set(_ url: String?, for place: PageHome?) {
        switch place {
        case nil: root = url
        case .tab(let identifier)?: tabs[identifier] = url
        case .column(let column)?: columns[column] = url
        }
    }
}
