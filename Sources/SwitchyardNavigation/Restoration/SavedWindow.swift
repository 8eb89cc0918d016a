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

    /// A value of the current version with these stacks.
    public init(tabs: [SavedTab] = [], selectedTab: String? = nil, root: [String] = [], modals: [SavedLayer] = []) {
        version = Self.currentVersion
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.root = root
        self.modals = modals
    }

    /// Every URL, in the order a restore opens them.
    public var screenCount: Int { tabs.reduce(root.count) { $0 + $1.screens.count } + modals.reduce(0) { $0 + $1.screens.count } }

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
