// swift-tools-version: 6.0
import PackageDescription

// A mixed app as teams lay it out (issue 49): an Objective-C legacy module (LegacyShop, public
// headers under include/), two Swift feature modules that never import it, the protocols both
// languages share (ShopInterfaces, headers only), and a UIKit scene app that starts them all.
// Like Examples/OutsideApp it depends on a clone of Switchyard beside it; Scripts/check-ios.sh
// holds every file to the iPhoneOS SDK (Linux has no Objective-C runtime to build it).
let package = Package(
    name: "MixedApp",
    platforms: [.iOS(.v16)],
    dependencies: [
        .package(path: "../Switchyard"),
    ],
    targets: [
        .target(name: "ShopInterfaces"),
        .target(name: "LegacyShop", dependencies: ["ShopInterfaces", .product(name: "SwitchyardObjC", package: "Switchyard")]),
        .target(name: "OrdersFeature", dependencies: ["ShopInterfaces", .product(name: "Switchyard", package: "Switchyard")]),
        .target(name: "ProfileFeature", dependencies: ["ShopInterfaces", .product(name: "Switchyard", package: "Switchyard")]),
        .executableTarget(name: "MixedApp", dependencies: [
            "LegacyShop", "OrdersFeature", "ProfileFeature",
            .product(name: "Switchyard", package: "Switchyard"),
            .product(name: "SwitchyardObjC", package: "Switchyard"),
            .product(name: "SwitchyardUIKit", package: "Switchyard"),
        ]),
    ]
)
