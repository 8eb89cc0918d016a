// sample: Sources/SwitchyardTesting/SwitchyardTesting.docc/TestingAnApp.md #1 "targets: ["
// manifest
import PackageDescription

// The app's Package.swift; the block is its targets.
let package = Package(
    name: "Shop",
    platforms: [.iOS(.v16)],
    dependencies: [.package(path: "../Switchyard")],
// {{sample}}
)
