// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "rtsh",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Runtime", targets: ["Runtime"]),
        .library(name: "UIKitModel", targets: ["UIKitModel"]),
        .library(name: "Shell", targets: ["Shell"]),
        .library(name: "RTSHTesting", targets: ["RTSHTesting"]),
        .executable(name: "rtsh", targets: ["rtsh"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "Runtime"),
        .testTarget(name: "RuntimeTests", dependencies: ["Runtime"]),
        .target(name: "UIKitModel", dependencies: ["Runtime"]),
        .testTarget(name: "UIKitModelTests", dependencies: ["UIKitModel"]),
        .target(name: "Shell", dependencies: ["UIKitModel", "CSQLite"]),
        .testTarget(name: "ShellTests", dependencies: ["Shell"], exclude: ["Fixtures"]),
        .target(name: "RTSHTesting", dependencies: ["Shell"]),
        .testTarget(name: "RTSHTestingTests", dependencies: ["RTSHTesting"]),
        .target(name: "CLibEdit", linkerSettings: [.linkedLibrary("edit")]),
        .target(name: "CSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "LineEditor", dependencies: ["CLibEdit"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
        .executableTarget(
            name: "rtsh",
            dependencies: ["Shell", "LineEditor", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["Runtime", "UIKitModel", "Shell"],
            path: "Benchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
