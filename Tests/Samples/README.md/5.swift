// sample: README.md #5 "// Package.swift of your app or feature "
// manifest
import PackageDescription

// The block is the arguments of an app's package.
let package = Package(
    name: "MyApp",
    platforms: [.iOS(.v16)],
// {{sample}}
)
