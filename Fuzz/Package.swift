// swift-tools-version: 6.1
// The libFuzzer targets, kept out of the root package so that its `swift build` and
// `swift test` never link libFuzzer's `main`. Build and run them with scripts/fuzz.
import PackageDescription

let package = Package(
    name: "rtsh-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "rtsh", path: ".."),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "StatementsFuzzer",
            dependencies: [.product(name: "Shell", package: "rtsh"), "CLibFuzzer"]
        ),
        .executableTarget(
            name: "TranscriptsFuzzer",
            dependencies: [.product(name: "Shell", package: "rtsh"), "CLibFuzzer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
