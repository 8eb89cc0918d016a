import Foundation
import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// A page's options as Objective-C sets them (`SWYPageOptions`): the same as a Swift page's.
package struct ObjCPageOptions: Sendable, Equatable {
    /// How the page is shown; `.push` unless set.
    package var command: NavigationCommand = .push
    /// The page patterns built under this page when a link opens it on an empty stack.
    package var parents: [String] = []
    /// The tab or split column the page lives in; `nil` opens it where the user is.
    package var home: PageHome?
    /// Ranks the route among those matching the same URL, as a Swift page's priority.
    package var priority = 0
    /// The module the route belongs to, as reports name it; `nil` for the Objective-C face's own.
    package var owner: String?

    /// A pushed page, in no tab, with no parents.
    package init() {}

    /// The options Objective-C set, checked: a command by name for an app-defined one, one home
    /// at most (a tab or a column), a column by its name.
    ///
    /// - Throws: ``ObjCCallError/pageOptions(pattern:problem:)`` naming what cannot be.
    package init(
        pattern: String, command: NavigationCommand, customCommand: String?, parents: [String], tab: String?, column: String?,
        priority: Int, owner: String?
    ) throws(ObjCCallError) {
        if let customCommand {
            guard !customCommand.isEmpty else { throw .pageOptions(pattern: pattern, problem: "the custom command's name is empty") }
            self.command = .custom(customCommand)
        } else {
            self.command = command
        }
        switch (tab, column) {
        case (let tab?, nil):
            guard !tab.isEmpty else { throw .pageOptions(pattern: pattern, problem: "the home tab's name is empty") }
            home = .tab(tab)
        case (nil, let column?):
            guard let known = SplitColumns.Column(rawValue: column) else {
                let names = SplitColumns.Column.allCases.map(\.rawValue).joined(separator: ", ")
                throw .pageOptions(pattern: pattern, problem: "no split column is named \"\(DisplaySafe.text(column))\"; the columns are \(names)")
            }
            home = .column(known)
        case (nil, nil): home = nil
        case (let tab?, let column?):
            throw .pageOptions(pattern: pattern, problem: "a page has one home: the tab \"\(DisplaySafe.text(tab))\" or the \(DisplaySafe.text(column)) column, not both")
        }
        self.parents = parents
        self.priority = priority
        self.owner = owner
    }
}

/// What an Objective-C page block gave back.
package enum ObjCPageMade<Screen> {
    /// A screen to show, and the name logs and outlines give it (its class name, from Objective-C).
    case screen(Screen, name: String)
    /// `nil`: the page declines the request, and the next route that matches is tried.
    case declined
    /// Something that is not a screen, by its class name.
    case notAScreen(className: String)
    /// The block raised an Objective-C exception.
    case raised(ObjCException)
}

extension ObjCPageMade: Sendable where Screen: Sendable {}

/// Pages whose screen an Objective-C block makes: a page like any other, with the same options
/// (parents, a home, a command, an owner), cold start, login, restoration, scenes, callers'
/// lists and answers, because it is registered as a Swift page whose maker calls the block.
package enum ObjCPages {
    /// Registers `pattern` as a page whose screen `make` makes.
    ///
    /// `make` runs on the main actor, as a Swift page's does; what it makes is shown as it is,
    /// named as `make` says (by its class, from Objective-C). `nil` declines (the next route is tried);
    /// anything else that is not a screen, or an exception, fails the open with
    /// ``SwitchyardPipeline/OpenError/pageFailed(pattern:reason:)`` naming it, and nothing is shown.
    /// - Throws: ``SwitchyardPatterns/PatternError`` for the pattern, or a home tab the app's
    ///   tab bar does not have.
    @discardableResult
    package static func register<Screen>(
        pattern: String, options: ObjCPageOptions, in router: Router,
        make: @escaping @MainActor @Sendable (RouteRequest) -> ObjCPageMade<Screen>
    ) throws(PatternError) -> RouteRegistration {
        try router.page(pattern, command: options.command, parents: options.parents, home: options.home, priority: options.priority,
                        owner: options.owner ?? ObjCRoutes.owner) { request in
            switch make(request) {
            case .screen(let screen, let name): return Destination(screen, name: name)
            case .declined: throw RouteDeclined("its Objective-C block returned nil")
            case .notAScreen(let className): throw ObjCCallError.notAScreen(pattern: pattern, className: className)
            case .raised(let exception): throw ObjCCallError.blockException(pattern: pattern, name: exception.name, reason: exception.reason)
            }
        }
    }
}
