// swift-tools-version: 6.0
import PackageDescription

// An app from outside the repository, as a new user writes it from the README: a feature module
// and an app target, depending on the everyday product from a clone of Switchyard beside it
// (the dependency line of the README and the Xcode guide). CI builds it from an empty folder,
// next to a link named Switchyard to the checkout, and fails if it compiles swift-syntax.
let package = Package(
    name: "OutsideApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(path: "../Switchyard"),
    ],
    targets: [
        .target(name: "CatalogFeature", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
        .executableTarget(name: "OutsideApp", dependencies: ["CatalogFeature", .product(name: "Switchyard", package: "Switchyard")]),
    ]
)
