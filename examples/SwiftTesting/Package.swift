// swift-tools-version: 6.1
// A package whose Swift tests replay recorded rtsh sessions with RTSHTesting: each
// transcript in Tests/Sessions is a test case, and a difference is reported at the
// transcript's own line.
import PackageDescription

let package = Package(
    name: "SessionsExample",
    dependencies: [
        .package(name: "rtsh", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "SessionTests",
            dependencies: [.product(name: "RTSHTesting", package: "rtsh")]),
    ],
    swiftLanguageModes: [.v6]
)
