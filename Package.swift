// swift-tools-version: 6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

/// Benchmarks are opt-in so that apps depending on Switchyard never resolve the
/// benchmark-only packages (RoutingKit, the malloc interposer).
let benchmarksEnabled = ProcessInfo.processInfo.environment["SWITCHYARD_BENCHMARKS"] == "1"
/// DocC's plugin (`swift package generate-documentation`), for the documentation and its
/// coverage figure; opt-in for the same reason.
let docsEnabled = ProcessInfo.processInfo.environment["SWITCHYARD_DOCS"] == "1"
/// Stand-ins for UIKit and SwiftUI, so the Apple adapters compile on Linux (CI builds them);
/// never part of what an app resolves.
let appleStubsEnabled = ProcessInfo.processInfo.environment["SWITCHYARD_APPLE_STUBS"] == "1"
/// The libFuzzer harness links only when asked for, with `--sanitize=fuzzer`.
let fuzzingEnabled = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ"] == "1"

let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let atomics: Target.Dependency = .product(name: "Atomics", package: "swift-atomics")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
/// The layers an app may depend on alone.
let publicLayers = [
    "SwitchyardPatterns", "SwitchyardRouting", "SwitchyardServices", "SwitchyardNavigation", "SwitchyardMediator",
    "SwitchyardPipeline", "SwitchyardManifest", "SwitchyardApp", "SwitchyardTypedRoutes", "SwitchyardBridge",
]
/// The layers without `@Route`, whose compiler plugin builds swift-syntax: what `Switchyard`
/// re-exports, so an app that never writes `@Route` never builds swift-syntax, and what the
/// benchmarks and the fuzzers link. `@Route` is the opt-in `SwitchyardTypedRoutes` product.
let runtimeLayers = publicLayers.filter { $0 != "SwitchyardTypedRoutes" }

let package = Package(
    name: "Switchyard",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
    ] + publicLayers.map { .library(name: $0, targets: [$0]) } + [
        // Deprecated: the single module Switchyard was before the split; re-exports Switchyard.
        .library(name: "SwitchyardCore", targets: ["SwitchyardCore"]),
        .library(name: "SwitchyardTesting", targets: ["SwitchyardTesting"]),
        .library(name: "SwitchyardUIKit", targets: ["SwitchyardUIKit"]),
        .library(name: "SwitchyardSwiftUI", targets: ["SwitchyardSwiftUI"]),
        .library(name: "SwitchyardTools", targets: ["SwitchyardTools"]),
        // The Objective-C face: `@objc` classes over the layers. Empty on Linux (no Objective-C
        // interop); its decisions are SwitchyardObjCRules, which builds and is tested everywhere.
        .library(name: "SwitchyardObjC", targets: ["SwitchyardObjC"]),
        .executable(name: "switchyard", targets: ["SwitchyardCLI"]),
        .plugin(name: "SwitchyardLintPlugin", targets: ["SwitchyardLintPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        // The layers, each depending only on those below it (see the README's product table).
        .target(name: "SwitchyardSupport"),
        .target(name: "SwitchyardPatterns", dependencies: ["SwitchyardSupport"]),
        .target(name: "SwitchyardServices", dependencies: ["SwitchyardSupport", logging, atomics]),
        .target(name: "SwitchyardRouting", dependencies: ["SwitchyardPatterns", "SwitchyardSupport", logging, atomics, crypto]),
        .target(name: "SwitchyardNavigation", dependencies: ["SwitchyardRouting", "SwitchyardPatterns", "SwitchyardSupport"]),
        .target(name: "SwitchyardMediator", dependencies: ["SwitchyardRouting", "SwitchyardPatterns", "SwitchyardServices", "SwitchyardSupport", logging, atomics]),
        .target(
            name: "SwitchyardPipeline",
            dependencies: ["SwitchyardNavigation", "SwitchyardRouting", "SwitchyardPatterns", "SwitchyardServices", "SwitchyardSupport", logging, atomics]
        ),
        .target(
            name: "SwitchyardManifest",
            dependencies: [
                "SwitchyardPipeline", "SwitchyardMediator", "SwitchyardNavigation", "SwitchyardRouting", "SwitchyardPatterns",
                "SwitchyardSupport", logging, crypto,
            ]
        ),
        // Web pages and other apps calling routes and getting answers back: the H5 bridge
        // (with `switchyard.js`, the page's side) and x-callback-url.
        .target(
            name: "SwitchyardBridge",
            dependencies: ["SwitchyardPipeline", "SwitchyardRouting", "SwitchyardPatterns", "SwitchyardSupport"],
            resources: [.copy("Resources/switchyard.js")]
        ),
        .target(
            name: "SwitchyardApp",
            dependencies: [
                "SwitchyardPipeline", "SwitchyardMediator", "SwitchyardServices", "SwitchyardNavigation", "SwitchyardRouting",
                "SwitchyardPatterns", "SwitchyardSupport", logging,
            ]
        ),
        // `@Route`: the compiler plugin parses patterns with the router's own parser, so it
        // links the pattern layer (and Support) and nothing else of Switchyard.
        // The macros' code is a library of its own, so that their tests link a plain target: a
        // test target that depends on a `.macro` target makes SwiftPM build the whole test
        // product, and all it links, a second time for the host.
        .target(
            name: "SwitchyardMacros",
            dependencies: [
                "SwitchyardPatterns", "SwitchyardSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .macro(
            name: "SwitchyardMacroPlugin",
            dependencies: [
                "SwitchyardMacros",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "SwitchyardTypedRoutes", dependencies: ["SwitchyardMacroPlugin", "SwitchyardRouting"]),
        .target(name: "Switchyard", dependencies: runtimeLayers.map { .target(name: $0) }),
        .target(name: "SwitchyardCore", dependencies: ["Switchyard"]),
        .target(
            name: "SwitchyardTesting",
            dependencies: ["SwitchyardApp", "SwitchyardManifest", "SwitchyardNavigation", "SwitchyardPipeline", "SwitchyardRouting"]
        ),
        // The Apple adapters: every file is behind `#if canImport(...)`, so on Linux they
        // build as empty modules; their decisions live and are tested in the layers below.
        // They link the runtime layers, not `@Route`: nothing here needs swift-syntax.
        .target(
            name: "SwitchyardUIKit",
            dependencies: runtimeLayers.map { .target(name: $0) } + (appleStubsEnabled ? ["UIKit", "ObjectiveC", "WebKit"] : [])
        ),
        // What the Objective-C face decides (parameter dictionaries, CTMediator's names and
        // calls, BeeHive's services, modules, error codes), in plain Swift so Linux tests it.
        .target(
            name: "SwitchyardObjCRules",
            dependencies: [
                "SwitchyardApp", "SwitchyardMediator", "SwitchyardServices", "SwitchyardPipeline", "SwitchyardNavigation", "SwitchyardRouting",
                "SwitchyardPatterns", "SwitchyardSupport",
            ]
        ),
        // Every file is behind `#if _runtime(_ObjC)`: `@objc` compiles only where Swift has
        // Objective-C interop, so the SDK check is this target's compiler. Never given the
        // stand-in ObjectiveC module: the stand-in build must not switch it on.
        // One Objective-C function: Swift cannot catch an Objective-C exception an action raises.
        .target(name: "SwitchyardObjCExceptions"),
        .target(
            name: "SwitchyardObjC",
            dependencies: [
                "SwitchyardObjCExceptions", "SwitchyardObjCRules", "SwitchyardApp", "SwitchyardMediator", "SwitchyardServices", "SwitchyardPipeline",
                "SwitchyardRouting", "SwitchyardSupport", logging,
            ]
        ),
        .target(name: "SwitchyardSwiftUI", dependencies: runtimeLayers.map { .target(name: $0) } + (appleStubsEnabled ? ["SwiftUI"] : [])),
        // The `switchyard` command-line tool: the commands live in a library so tests call them.
        .target(
            name: "SwitchyardTools",
            dependencies: [
                "Switchyard", "SwitchyardSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `lint` reads @Route structs from Swift sources as the compiler parses them.
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "SwitchyardCLI", dependencies: ["SwitchyardTools"]),
        // `swift package switchyard-lint`: the @Route structs of a package, linted before release.
        .plugin(
            name: "SwitchyardLintPlugin",
            capability: .command(intent: .custom(verb: "switchyard-lint", description: "Report @Route patterns that collide, as switchyard lint does"))
        ),
        .testTarget(
            name: "SwitchyardMacroTests",
            dependencies: [
                "SwitchyardMacros", "SwitchyardTesting",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "SwitchyardCoreTests",
            dependencies: [
                "Switchyard", "SwitchyardTypedRoutes", "SwitchyardTesting", "SwitchyardTools", logging,
                // White-box tests (`@testable`) of the layers' internals.
                "SwitchyardSupport", "SwitchyardPatterns", "SwitchyardRouting", "SwitchyardPipeline", "SwitchyardManifest", "SwitchyardBridge",
                "SwitchyardObjCRules", "SwitchyardObjC", "SwitchyardServices", "SwitchyardApp", "SwitchyardMediator",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The Shop demo (`swift run shop`): feature modules that depend only on Switchyard and the
// shared contracts, never on each other; the app target is the only one that links them all.
let shopFeatures = ["HomeFeature", "ProductFeature", "CartFeature", "OrderFeature", "UserFeature", "WebFeature"]
package.targets += [
    // The contracts declare the shop's routes with `@Route`: the one target that builds the macro.
    .target(name: "ShopContracts", dependencies: ["Switchyard", "SwitchyardTypedRoutes"], path: "Examples/Shop/ShopContracts"),
] + shopFeatures.map { feature in
    .target(name: feature, dependencies: ["Switchyard", "ShopContracts"], path: "Examples/Shop/Features/\(feature)")
} + [
    .target(
        name: "ShopApp",
        dependencies: ["Switchyard", "SwitchyardTesting", "ShopContracts", .product(name: "Logging", package: "swift-log")]
            + shopFeatures.map { .target(name: $0) },
        path: "Examples/Shop/ShopApp"
    ),
    .executableTarget(name: "shop", dependencies: ["ShopApp"], path: "Examples/Shop/ShopMain"),
    .testTarget(name: "ShopTests", dependencies: ["ShopApp", "ShopShell", "Switchyard", "SwitchyardTesting", "ShopContracts"], path: "Tests/ShopTests"),
]

// The everyday path, measured (issue 50): an app of two feature modules in Tests/, the code a
// newcomer writes, and the tests that hold its count of types and calls.
package.targets += [
    .target(name: "EverydayContracts", dependencies: ["Switchyard", "SwitchyardTypedRoutes"], path: "Tests/EverydayApp/Contracts"),
    .target(name: "EverydayOrders", dependencies: ["Switchyard", "EverydayContracts"], path: "Tests/EverydayApp/Orders"),
    .target(name: "EverydayAccount", dependencies: ["Switchyard", "EverydayContracts"], path: "Tests/EverydayApp/Account"),
    .testTarget(name: "EverydayAppTests", dependencies: ["Switchyard", "EverydayContracts", "EverydayOrders", "EverydayAccount"],
                path: "Tests/EverydayAppTests"),
]

// The shop as iOS apps: a UIKit app and a SwiftUI app around the same feature modules, and what
// they share (ShopShell, tested here). The two apps are behind `#if canImport(UIKit)`: on Linux
// they build empty, or against AppleStubs with SWITCHYARD_APPLE_STUBS=1, and
// ../shared/tools/ios-sdk-check type-checks them against Apple's SDK.
package.targets += [
    .target(name: "ShopShell", dependencies: ["Switchyard", "ShopContracts"] + shopFeatures.map { .target(name: $0) }, path: "Examples/ShopShells/Shared"),
    .target(
        name: "ShopUIKitShell",
        dependencies: ["ShopShell", "ShopContracts", "Switchyard", "SwitchyardUIKit"] + (appleStubsEnabled ? ["UIKit", "UserNotifications"] : []),
        path: "Examples/ShopShells/UIKit"
    ),
    .target(
        name: "ShopSwiftUIShell",
        dependencies: ["ShopShell", "Switchyard", "SwitchyardSwiftUI", "SwitchyardUIKit"] + (appleStubsEnabled ? ["SwiftUI", "UIKit", "UserNotifications"] : []),
        path: "Examples/ShopShells/SwiftUI"
    ),
]

if benchmarksEnabled {
    package.dependencies += [
        .package(url: "https://github.com/vapor/routing-kit.git", exact: "4.9.3"),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
    ]
    package.targets += [
        .executableTarget(
            name: "switchyard-benchmarks",
            dependencies: runtimeLayers.map { .target(name: $0) } + [
                "SwitchyardSupport",
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/SwitchyardBenchmarks"
        )
    ]
}

if appleStubsEnabled {
    package.targets += [
        .target(name: "Combine", path: "AppleStubs/Combine"),
        .target(name: "SwiftUI", dependencies: ["Combine", "UIKit"], path: "AppleStubs/SwiftUI"),
        .target(name: "ObjectiveC", path: "AppleStubs/ObjectiveC"),
        .target(name: "CoreGraphics", path: "AppleStubs/CoreGraphics"),
        .target(name: "UserNotifications", path: "AppleStubs/UserNotifications"),
        .target(name: "WebKit", path: "AppleStubs/WebKit"),
        .target(name: "UIKit", dependencies: ["CoreGraphics", "ObjectiveC", "UserNotifications"], path: "AppleStubs/UIKit"),
    ]
}

if docsEnabled {
    package.dependencies += [.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")]
}

if fuzzingEnabled {
    package.targets += [
        .executableTarget(
            name: "switchyard-fuzz",
            dependencies: runtimeLayers.map { .target(name: $0) } + ["SwitchyardObjCRules", .product(name: "Logging", package: "swift-log")],
            path: "Fuzz/SwitchyardFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
}
