// swift-tools-version: 6.0
import PackageDescription

/// An app's analytics as a new user writes it from the README: Behaviours and Tracking, plus HeadlessUIKit and
/// the loopback collector so that its tests run on Linux too.
let package = Package(
    name: "QuickStart",
    platforms: [.iOS(.v15), .macOS(.v12)],
    dependencies: [
        .package(name: "Sightline", path: "../.."),
    ],
    targets: [
        .target(name: "QuickStart", dependencies: [
            .product(name: "Behaviours", package: "Sightline"),
            .product(name: "Tracking", package: "Sightline"),
            .product(name: "HeadlessUIKit", package: "Sightline", condition: .when(platforms: [.linux, .macOS])),
        ]),
        .testTarget(name: "QuickStartTests", dependencies: [
            "QuickStart",
            .product(name: "Tracking", package: "Sightline"),
            .product(name: "LoopbackCollector", package: "Sightline"),
            .product(name: "HeadlessUIKit", package: "Sightline", condition: .when(platforms: [.linux, .macOS])),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
