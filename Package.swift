// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "rtsh",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Runtime", targets: ["Runtime"]),
    ],
    targets: [
        .target(name: "Runtime"),
        .testTarget(name: "RuntimeTests", dependencies: ["Runtime"]),
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: ["Runtime"],
            path: "Benchmarks/RuntimeBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
