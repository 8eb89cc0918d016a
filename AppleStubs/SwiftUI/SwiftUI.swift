// A stand-in for the part of Apple's SwiftUI that SwitchyardSwiftUI and the shop's SwiftUI app
// shell call, so they compile on Linux, where SwiftUI does not exist: each declaration names the Apple
// symbol it stands for and keeps its signature; bodies do nothing. Built only with
// SWITCHYARD_APPLE_STUBS=1, never shipped.

// SwiftUI re-exports Combine, whose ObservableObject and Published the adapter uses.
@_exported import Combine
// On iOS, `import SwiftUI` also brings UIKit and Foundation (through SwiftUI's Objective-C
// module); here, UIKit's stand-in, which exports Foundation.
@_exported import UIKit

/// A stub's view body is never read: the stubs only compile.
func _stubNever() -> Never { while true {} }

/// SwiftUI.View
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

/// SwiftUI's `Never: View` conformance (the body of primitive views).
extension Never: View {
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI's `Optional: View` conformance (an `if` without `else` in a view builder).
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI.ViewBuilder
@resultBuilder
public enum ViewBuilder {
    /// ViewBuilder.buildBlock()
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// ViewBuilder.buildBlock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// ViewBuilder.buildIf(_:)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// ViewBuilder.buildEither(first:)
    public static func buildEither<First: View, Second: View>(first: First) -> _ConditionalContent<First, Second> { .init() }
    /// ViewBuilder.buildEither(second:)
    public static func buildEither<First: View, Second: View>(second: Second) -> _ConditionalContent<First, Second> { .init() }
}

/// SwiftUI._ConditionalContent
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    nonisolated init() {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI.EmptyView
public struct EmptyView: View {
    /// EmptyView.init()
    nonisolated public init() {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI.AnyView
public struct AnyView: View {
    /// AnyView.init(_:)
    public init<V: View>(_ view: V) {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI.Text
public struct Text: View {
    /// Text.init(_:) for a string
    public init<S: StringProtocol>(_ content: S) {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI.Binding
@propertyWrapper
public struct Binding<Value> {
    private let read: () -> Value
    /// Binding.init(get:set:)
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { read = get }
    /// Binding.wrappedValue
    public var wrappedValue: Value { read() }
    /// Binding.projectedValue
    public var projectedValue: Binding<Value> { self }
    /// Binding.init(projectedValue:)
    public init(projectedValue: Binding<Value>) { self = projectedValue }
}

/// SwiftUI.ObservedObject
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// ObservedObject.init(wrappedValue:)
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    /// ObservedObject.wrappedValue
    public var wrappedValue: ObjectType
}

/// SwiftUI.NavigationStack
public struct NavigationStack<Data, Root: View>: View {
    /// NavigationStack.init(path:root:)
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI.TabView
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    /// TabView.init(selection:content:)
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI.ForEach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// ForEach.init(_:id:content:)
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

/// SwiftUI.NavigationSplitView
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    /// NavigationSplitView.init(sidebar:content:detail:)
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

extension NavigationSplitView where Content == EmptyView {
    /// NavigationSplitView.init(sidebar:detail:)
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {}
}

/// SwiftUI.UserInterfaceSizeClass
public enum UserInterfaceSizeClass: Sendable, Hashable { case compact, regular }

/// SwiftUI.EnvironmentValues
public struct EnvironmentValues {
    /// EnvironmentValues.horizontalSizeClass
    public var horizontalSizeClass: UserInterfaceSizeClass? { nil }
    /// EnvironmentValues.scenePhase
    public var scenePhase: ScenePhase { .active }
    /// EnvironmentValues.openWindow
    public var openWindow: OpenWindowAction { OpenWindowAction() }
}

/// SwiftUI.ScenePhase
public enum ScenePhase: Comparable, Hashable, Sendable { case background, inactive, active }

/// SwiftUI.OpenWindowAction
@MainActor
public struct OpenWindowAction {
    nonisolated init() {}
    /// OpenWindowAction.callAsFunction(id:value:)
    public func callAsFunction<D: Decodable & Encodable & Hashable>(id: String, value: D) {}
}

/// SwiftUI.Environment
@propertyWrapper
public struct Environment<Value> {
    /// Environment.init(_:)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// Environment.wrappedValue
    public var wrappedValue: Value { _stubNever() }
}

/// SwiftUI.StateObject
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    private let make: () -> ObjectType
    /// StateObject.init(wrappedValue:)
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }
    /// StateObject.wrappedValue
    @MainActor public var wrappedValue: ObjectType { make() }
}

/// SwiftUI.SceneStorage, for the value types the shell keeps
@propertyWrapper
public struct SceneStorage<Value> {
    private var value: Value
    /// SceneStorage.init(wrappedValue:_:) for a `String`
    public init(wrappedValue: Value, _ key: String) where Value == String { value = wrappedValue }
    /// SceneStorage.init(_:) for an optional `Data`
    public init(_ key: String) where Value == Data? { value = nil }
    /// SceneStorage.wrappedValue
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
}

/// SwiftUI.State
@propertyWrapper
public struct State<Value> {
    private let value: Value
    /// State.init(wrappedValue:)
    public init(wrappedValue value: Value) { self.value = value }
    /// State.wrappedValue
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
}

/// SwiftUI.App
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    /// App's `@main` entry point.
    public static func main() {}
}

/// SwiftUI.Scene
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

/// Scenes as SceneBuilder combines them (SwiftUI's tuple scene, opaquely).
public struct _Scenes: Scene {
    nonisolated init() {}
    public var body: Never { _stubNever() }
}

extension Never: Scene {}

/// SwiftUI.SceneBuilder
@resultBuilder
public enum SceneBuilder {
    /// SceneBuilder.buildBlock(_:)
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
    /// SceneBuilder.buildBlock(_:_:)
    public static func buildBlock<C0: Scene, C1: Scene>(_ c0: C0, _ c1: C1) -> some Scene { _Scenes() }
}

/// SwiftUI.WindowGroup
public struct WindowGroup<Content: View>: Scene {
    /// WindowGroup.init(content:)
    public init(@ViewBuilder content: () -> Content) {}
    /// WindowGroup.init(id:for:content:)
    public init<D: Decodable & Encodable & Hashable>(id: String, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> Content) {}
    public var body: Never { _stubNever() }
}

/// SwiftUI.UIApplicationDelegateAdaptor
@MainActor @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject> {
    /// UIApplicationDelegateAdaptor.init(_:)
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}
    /// UIApplicationDelegateAdaptor.wrappedValue
    public var wrappedValue: DelegateType { _stubNever() }
}

/// The view a modifier returns (SwiftUI.ModifiedContent, opaquely).
public struct _Modified<Content: View>: View {
    nonisolated init() {}
    public typealias Body = Never
    public var body: Never { _stubNever() }
}

extension View {
    /// View.navigationDestination(for:destination:)
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        _Modified<Self>()
    }

    /// View.onChange(of:perform:) (iOS 14; the deployment target is iOS 16)
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        _Modified<Self>()
    }

    /// View.task(priority:_:)
    public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View {
        _Modified<Self>()
    }

    /// View.task(id:priority:_:)
    public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        _Modified<Self>()
    }

    /// View.onOpenURL(perform:)
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { _Modified<Self>() }

    /// View.onContinueUserActivity(_:perform:)
    public func onContinueUserActivity(_ activityType: String, perform action: @escaping (NSUserActivity) -> Void) -> some View {
        _Modified<Self>()
    }

    /// View.navigationTitle(_:) for a string
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { _Modified<Self>() }

    /// View.onAppear(perform:)
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        _Modified<Self>()
    }

    /// View.tag(_:)
    public func tag<V: Hashable>(_ tag: V) -> some View { _Modified<Self>() }

    /// View.tabItem(_:)
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { _Modified<Self>() }

    /// View.sheet(isPresented:onDismiss:content:)
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        _Modified<Self>()
    }

    /// View.fullScreenCover(isPresented:onDismiss:content:)
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        _Modified<Self>()
    }
}
