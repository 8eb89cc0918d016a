#if canImport(SwiftUI)
import SwiftUI
import SwitchyardNavigation

#if canImport(UIKit) && !os(Linux)
import UIKit

extension PageContent where Self: View {
    /// The view in a hosting controller, for a UIKit navigator.
    public func makeViewController() -> UIViewController { UIHostingController(rootView: self) }
}

/// Shows typed page content that is not a SwiftUI view (a view controller, or a screen model's)
/// inside a `RoutedWindow`.
private struct PageContentController: UIViewControllerRepresentable {
    let content: any PageContent

    func makeUIViewController(context: Context) -> UIViewController { content.makeViewController() }
    func updateUIViewController(_ controller: UIViewController, context: Context) {}
}
#endif

extension Screen {
    /// What the screen shows as a SwiftUI view: its content when it is a view, else, on iOS,
    /// the view controller its ``PageContent`` makes; `nil` for untyped content of another kind.
    public var pageView: AnyView? {
        if let view = destination.content as? AnyView { return view }
        #if canImport(UIKit) && !os(Linux)
        if let view = destination.content as? any View { return AnyView(view) }
        if let content = destination.content as? any PageContent { return AnyView(PageContentController(content: content)) }
        #endif
        return nil
    }
}
#endif
