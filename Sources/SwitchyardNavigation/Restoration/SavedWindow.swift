import Foundation

/// A window's navigation as URLs: what an app saves when the system may end it in the
/// background, and restores through the router at the next launch.
///
/// Each tab (or the one root stack) and each modal layer lists the URLs of its screens,
/// bottom first. Restoring replays them through the router (``Router/restore(_:into:)``), so
/// login, degrade, manifest rules and limits apply as they do to a link. The value is small
/// and `Codable`; ``encoded()`` and ``decode(_:limits:)`` read and write it as JSON, and
/// decoding treats it as untrusted: a file can be corrupt, come from a newer version of the
/// app, or be far too large.
public struct SavedWindow: Codable, Sendable, Equatable {
    /// The format this version of the library writes and reads.
    public static let currentVersion = 1

    /// The format of this value; a newer one is refused (``RestorationError/newerVersion(found:supported:)``).
    public var version: Int
    /// The tabs in order, with their screens; empty for a window without a tab bar.
    public var tabs: [SavedTab]
    /// The selected tab; `nil` without a tab bar.
    public var selectedTab: String?
    /// The screens of a window without a tab bar, bottom first.
    public var root: [String]
    /// The modal layers, bottom first.
    public var modals: [SavedLayer]
    /// The columns of a split view root; `nil` without one. Whether it was collapsed is not
    /// saved: the width of the restored window decides that.
    public var split: SavedSplit?

    /// A value of the current version with these stacks.
    public init(tabs: [SavedTab] = [], selectedTab: String? = nil, root: [String] = [], modals: [SavedLayer] = [], split: SavedSplit? = nil) {
        version = Self.currentVersion
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.root = root
        self.modals = modals
        self.split = split
    }

    /// How many URLs a restore opens.
    public var screenCount: Int {
        tabs.reduce(root.count) { $0 + $1.screens.count } + modals.reduce(0) { $0 + $1.screens.count }
            + (split.map { $0.primary.count + ($0.supplementary?.count ?? 0) + $0.detail.count } ?? 0)
    }

    /// The value as JSON, keys sorted so that equal windows give equal bytes.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Only strings, integers, booleans and arrays of them: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }
}

/// One tab of a saved window.
public struct SavedTab: Codable, Sendable, Equatable {
    /// The tab's identifier.
    public var id: String
    /// The URLs of its screens, bottom first.
    public var screens: [String]

    /// A tab with these screens.
    public init(id: String, screens: [String]) {
        self.id = id
        self.screens = screens
    }
}

/// The columns of a saved split view, each's URLs bottom first.
public struct SavedSplit: Codable, Sendable, Equatable {
    /// The sidebar's screens.
    public var primary: [String]
    /// The middle column's screens; `nil` for a two-column split view.
    public var supplementary: [String]?
    /// The detail column's screens.
    public var detail: [String]

    /// Columns with these screens.
    public init(primary: [String], supplementary: [String]? = nil, detail: [String]) {
        self.primary = primary
        self.supplementary = supplementary
        self.detail = detail
    }
}

/// One modal layer of a saved window.
public struct SavedLayer: Codable, Sendable, Equatable {
    /// How the layer was shown: `sheet` or `fullScreen`.
    public var presentation: String
    /// Whether it had a navigation container, so that its later screens were pushed in it.
    public var hasNavigation: Bool
    /// The URLs of its screens, bottom first.
    public var screens: [String]

    /// A layer shown as `presentation` with these screens.
    public init(presentation: ScreenLayer.Presentation, hasNavigation: Bool, screens: [String]) {
        self.presentation = presentation.rawValue
        self.hasNavigation = hasNavigation
        self.screens = screens
    }

    /// The presentation, if it is one a modal can have.
    public var modalPresentation: ScreenLayer.Presentation? {
        guard let value = ScreenLayer.Presentation(rawValue: presentation), value != .root else { return nil }
        return value
    }
}
