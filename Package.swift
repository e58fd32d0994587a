// swift-tools-version: 6.0
import PackageDescription

/// HeadlessUIKit stands in for UIKit only where UIKit does not exist.
let headlessUIKit: Target.Dependency = .target(
    name: "HeadlessUIKit",
    condition: .when(platforms: [.linux, .macOS, .windows, .android, .wasi, .openbsd])
)

let package = Package(
    name: "Sightline",
    platforms: [.iOS(.v15), .tvOS(.v15), .macCatalyst(.v15), .visionOS(.v1), .macOS(.v12)],
    products: [
        .library(name: "Behaviours", targets: ["Behaviours"]),
        .library(name: "Tracking", targets: ["Tracking"]),
        // For apps' own tests on Linux and plain macOS (see Examples/QuickStart): UIKit's stand-in, and a collector on 127.0.0.1.
        .library(name: "HeadlessUIKit", targets: ["HeadlessUIKit"]),
        .library(name: "LoopbackCollector", targets: ["LoopbackCollector"]),
    ],
    targets: [
        // MARK: - Product
        .target(name: "Behaviours", dependencies: [headlessUIKit]),
        // The privacy manifest sits at the root of the module's resource bundle, where Xcode's privacy report reads it.
        .target(name: "Tracking", dependencies: [headlessUIKit, "CZlib"], resources: [.copy("PrivacyInfo.xcprivacy")]),

        // MARK: - System libraries
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

        // MARK: - UIKit stand-in
        .target(name: "HeadlessUIKit"),

        // MARK: - Loopback collector (tests, demo and benchmarks; not a product)
        .target(name: "LoopbackCollector", dependencies: ["CZlib"]),

        // MARK: - Demo
        .target(name: "DemoApp", dependencies: ["Behaviours", "Tracking", headlessUIKit], path: "Demo/App"),
        .executableTarget(name: "Demo", dependencies: ["DemoApp", "LoopbackCollector", "Tracking", headlessUIKit], path: "Demo/Headless"),

        // MARK: - Benchmarks
        .target(name: "BenchmarkSupport", dependencies: ["Tracking", headlessUIKit], path: "Benchmarks/Support"),
        .executableTarget(name: "ScanBenchmark", dependencies: ["BenchmarkSupport", "AllocationCounter", "Tracking", headlessUIKit], path: "Benchmarks/ScanBenchmark"),
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
        .executableTarget(name: "DeliveryBenchmark", dependencies: ["AllocationCounter", "Tracking", "LoopbackCollector"], path: "Benchmarks/DeliveryBenchmark"),
        .executableTarget(name: "RestBenchmark", dependencies: ["BenchmarkSupport", "Tracking", headlessUIKit], path: "Benchmarks/RestBenchmark"),
        .executableTarget(name: "TapBenchmark", dependencies: ["BenchmarkSupport", "AllocationCounter", "Tracking", headlessUIKit], path: "Benchmarks/TapBenchmark"),
        .testTarget(name: "Benchmarks", dependencies: ["BenchmarkSupport", "Tracking", "TestSupport", headlessUIKit], path: "Benchmarks/PerformanceTests"),

        // MARK: - Tests
        .target(name: "TestSupport", dependencies: ["Tracking", headlessUIKit], path: "Tests/TestSupport"),
        .testTarget(name: "HeadlessUIKitTests", dependencies: ["HeadlessUIKit", "TestSupport"]),
        .testTarget(name: "BehavioursTests", dependencies: ["Behaviours", "TestSupport", headlessUIKit]),
        .testTarget(name: "TrackingTests", dependencies: ["Tracking", "TestSupport", headlessUIKit]),
        .testTarget(name: "LoopbackCollectorTests", dependencies: ["LoopbackCollector"]),
        .testTarget(name: "DeliveryTests", dependencies: ["TestSupport", "Tracking", "LoopbackCollector", headlessUIKit]),
        .testTarget(name: "ReadmeTests", path: "Tests/ReadmeTests"),
        .testTarget(name: "DemoTests", dependencies: ["DemoApp", "Tracking", "LoopbackCollector", "TestSupport", headlessUIKit]),
    ],
    swiftLanguageModes: [.v6]
)
