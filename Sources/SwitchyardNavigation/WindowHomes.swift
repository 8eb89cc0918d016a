/// The route each place of a window starts with: every tab's root screen, a split view
/// column's, or the one stack's of a plain window. Set it as `PipelineSettings.homes`.
///
/// ```swift
/// let homes = WindowHomes(tabs: ["home": "/home", "cart": "/cart", "orders": "/orders", "me": "/me"])
/// ```
///
/// The router opens each home through the pipeline when a window launches
/// (`Router.launch(scene:restoring:links:)`), under what is restored and what a link opens, so
/// a cold-start link shows its page over the home. A home an interceptor sends elsewhere (a
/// protected tab, while nobody is logged in) waits, its stack empty, until the user goes there
/// (or, at the end of a launch, is there: its tab is the selected one).
public struct WindowHomes: Sendable, Equatable {
    /// The home of a window whose root is one stack; `nil` for none.
    public var root: String?
    /// The home of each tab, by tab identifier (``TabStack/id``).
    public var tabs: [String: String]
    /// The home of each split view column.
    public var columns: [SplitColumns.Column: String]

    /// Homes for the places named; a place left out has none, and starts empty.
    ///
    /// Each value is a URL the router opens (`/home`, `myapp://home`), not a screen: its route's
    /// rules, interceptors and limits apply as to any open.
    public init(root: String? = nil, tabs: [String: String] = [:], columns: [SplitColumns.Column: String] = [:]) {
        self.root = root
        self.tabs = tabs
        self.columns = columns
    }

    /// No home anywhere: every stack starts empty, as before homes existed.
    public static let none = WindowHomes()

    /// Whether no place has a home.
    public var isEmpty: Bool { root == nil && tabs.isEmpty && columns.isEmpty }

    /// Every place with a home and its URL: the root's, then the tabs' and the columns' in name order.
    public var all: [(place: PageHome?, url: String)] {
        (root.map { [(nil, $0)] } ?? [])
            + tabs.keys.sorted().compactMap { tab in tabs[tab].map { (PageHome.tab(tab), $0) } }
            + columns.keys.sorted { $0.rawValue < $1.rawValue }.compactMap { column in columns[column].map { (PageHome.column(column), $0) } }
    }

    /// The home of `place`: a tab's or a column's, or the plain window's root for `nil`.
    public func url(for place: PageHome?) -> String? {
        switch place {
        case nil: return root
        case .tab(let identifier)?: return tabs[identifier]
        case .column(let column)?: return columns[column]
        }
    }
}

extension WindowState {
    /// Where pages live in this window: its tabs in tab-bar order, or its split view's columns;
    /// empty for a window whose root is one stack.
    public var places: [PageHome] {
        if let split { return split.columns.map { .column($0) } }
        return tabs.map { .tab($0.id) }
    }

    /// Where a page with no home goes: the selected tab, a split view's detail column; `nil`
    /// for a window whose root is one stack.
    public var currentPlace: PageHome? {
        if split != nil { return .detail }
        return selectedTab.map { .tab($0) }
    }

    /// The stack of `place`, bottom first (the current place's for `nil`); `nil` when the
    /// window has no such place.
    public func stack(at place: PageHome?) -> [Screen]? {
        switch place {
        case nil: return tabs.isEmpty && split == nil ? root.screens : currentPlace.flatMap { stack(at: $0) }
        case .tab(let identifier)?: return tab(identifier)?.stack.screens
        case .column(let column)?: return split?[column]?.screens
        }
    }

    /// Sets the stack of `place` (the current place's for `nil`) without selecting it and
    /// without dismissing what is presented: a home filled in the background.
    mutating func setStack(at place: PageHome?, _ screens: [Screen]) throws(NavigationError) {
        switch place {
        case nil:
            root.screens = screens
        case .tab(let identifier)?:
            guard !tabs.isEmpty else { throw .noTabBar(tab: identifier) }
            guard let index = tabs.firstIndex(where: { $0.id == identifier }) else { throw .unknownTab(identifier, known: tabs.map(\.id)) }
            tabs[index].stack.screens = screens
        case .column(let column)?:
            guard var layer = split?[column] else { throw .noSplitColumn(column) }
            layer.screens = screens
            split?.set(column, layer)
        }
    }
}
