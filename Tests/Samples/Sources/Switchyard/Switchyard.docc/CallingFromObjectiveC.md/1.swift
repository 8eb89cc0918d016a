// sample: Sources/Switchyard/Switchyard.docc/CallingFromObjectiveC.md #1 "dependencies: ["
// manifest
import PackageDescription

// A Package.swift of the app's own; the block is its package's arguments.
let package = Package(
    name: "MyApp",
    platforms: [.iOS(.v16)],
// {{sample}}
)
