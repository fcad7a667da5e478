// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "rtsh",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Runtime", targets: ["Runtime"]),
        .library(name: "UIKitModel", targets: ["UIKitModel"]),
        .library(name: "Shell", targets: ["Shell"]),
    ],
    targets: [
        .target(name: "Runtime"),
        .testTarget(name: "RuntimeTests", dependencies: ["Runtime"]),
        .target(name: "UIKitModel", dependencies: ["Runtime"]),
        .testTarget(name: "UIKitModelTests", dependencies: ["UIKitModel"]),
        .target(name: "Shell", dependencies: ["UIKitModel"]),
        .testTarget(name: "ShellTests", dependencies: ["Shell"]),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["Runtime", "UIKitModel"],
            path: "Benchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
