/// A screen a page route built, for a ``Navigator`` to show.
///
/// It wraps whatever the platform shows — a `UIViewController`, a SwiftUI view, a headless
/// test screen — so the core never imports UIKit or SwiftUI. It lives on the main actor,
/// where it is made and shown.
///
/// ```swift
/// try router.page("/product/:id") { request in
///     Destination(ProductViewController(id: try request.require("id", as: Int.self)))
/// }
/// ```
@MainActor
public struct Destination {
    /// The platform's screen object or view.
    public let content: Any
    /// A short name for logs and tests; defaults to the content's type name.
    public let name: String

    /// Wraps `content` for a navigator; `name` defaults to the content's type name.
    ///
    /// The untyped form, one level down: a navigator that cannot show `content` reports
    /// ``NavigationError/unsupportedContent(name:expected:)`` when it is opened. Content that is
    /// ``PageContent`` takes the typed initializer, which the compiler checks.
    public init(_ content: Any, name: String? = nil) {
        self.init(untyped: content, name: name)
    }

    init(untyped content: Any, name: String?) {
        self.content = content
        self.name = name ?? String(describing: type(of: content))
    }

    /// The content as `T`, or `nil` when it is something else.
    public func content<T>(as type: T.Type) -> T? {
        content as? T
    }
}
