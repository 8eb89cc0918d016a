#if canImport(UIKit) && !os(Linux)
import UIKit
#endif

/// What a page shows: a screen a navigator knows how to put on the display.
///
/// A page registered with `AppRouter.page(_:tab:isHome:make:)` returns one, so what it shows is
/// typed. On iOS, a type is page content when it says how UIKit shows it:
///
/// - a `UIViewController` is one already;
/// - a SwiftUI `View` is one once it declares `PageContent` (SwitchyardSwiftUI shows it in a
///   hosting controller, or in place in a `RoutedWindow`);
/// - any other type, a screen model a feature module keeps testable on Linux, implements
///   `makeViewController()`, in an extension of the module's iOS code.
///
/// So a screen no navigator can show is a compile error on iOS, not
/// ``NavigationError/unsupportedContent(name:expected:)`` when a link opens it. On Linux,
/// where nothing is shown, any type may declare it, and headless tests read it back from the
/// window (``HeadlessNavigator``).
///
/// ```swift
/// public struct OrderScreen: PageContent {        // the module's screen, tested on Linux
///     public let id: Int
/// }
/// #if canImport(UIKit)
/// extension OrderScreen {                          // its view controller, on iOS
///     public func makeViewController() -> UIViewController { OrderViewController(id: id) }
/// }
/// #endif
/// ```
@MainActor
public protocol PageContent {
    /// A short name for logs, tests and window outlines (`Order(7)`); the type's name by default.
    var pageName: String { get }

    #if canImport(UIKit) && !os(Linux)
    /// The view controller that shows this page; made when the page is shown, once.
    func makeViewController() -> UIViewController
    #endif
}

extension PageContent {
    /// The type's name.
    public var pageName: String { String(describing: Self.self) }
}

#if canImport(UIKit) && !os(Linux)
extension UIViewController: PageContent {
    /// The controller itself.
    public func makeViewController() -> UIViewController { self }
}
#endif

extension Destination {
    /// Wraps typed page content; `name` defaults to its ``PageContent/pageName``.
    ///
    /// Prefer it to ``init(_:name:)`` with `Any`: on iOS the navigator shows `content` through
    /// its `makeViewController()`, which the compiler has checked exists.
    public init(_ content: some PageContent, name: String? = nil) {
        self.init(untyped: content, name: name ?? content.pageName)
    }
}
