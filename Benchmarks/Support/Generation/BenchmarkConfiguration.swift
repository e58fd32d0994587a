/// One benchmark input: a hierarchy shape and size, a tracking density and the seed that fixes the rest.
package struct BenchmarkConfiguration: Sendable, Equatable {
    // MARK: - Package

    /// The hierarchy's form.
    package var shape: HierarchyShape
    /// The number of views under the window (the root controller's view included, the window excluded).
    package var viewCount: Int
    /// How many views are tracked.
    package var density: TrackingDensity
    /// Fixes decorations (hiding, alpha, backgrounds), scroll offsets and which views are tracked.
    package var seed: UInt64

    /// - Parameters:
    ///   - shape: The hierarchy's form.
    ///   - viewCount: Views under the window, at least 3.
    ///   - density: How many views are tracked.
    ///   - seed: The generator's seed; by default one derived from the other parameters.
    package init(shape: HierarchyShape, viewCount: Int, density: TrackingDensity, seed: UInt64? = nil) {
        self.shape = shape
        self.viewCount = max(viewCount, 3)
        self.density = density
        self.seed = seed ?? Self.defaultSeed(shape: shape, viewCount: viewCount, density: density)
    }

    /// `<shape>-<views>-<density>`, e.g. `wide-10000-dense`.
    package var name: String { "\(shape.rawValue)-\(viewCount)-\(density.rawValue)" }

    /// Every shape at 100, 1,000 and 10,000 views, dense and sparse: 18 configurations.
    package static let standard: [BenchmarkConfiguration] = {
        var configurations: [BenchmarkConfiguration] = []
        for viewCount in [100, 1_000, 10_000] {
            for shape in HierarchyShape.allCases {
                for density in TrackingDensity.allCases {
                    configurations.append(BenchmarkConfiguration(shape: shape, viewCount: viewCount, density: density))
                }
            }
        }
        return configurations
    }()

    // MARK: - Private

    private static func defaultSeed(shape: HierarchyShape, viewCount: Int, density: TrackingDensity) -> UInt64 {
        let shapeIndex = UInt64(HierarchyShape.allCases.firstIndex(of: shape) ?? 0)
        let densityIndex = UInt64(TrackingDensity.allCases.firstIndex(of: density) ?? 0)
        return 0x5EED_0000 &+ shapeIndex &* 1_000_003 &+ densityIndex &* 7_919 &+ UInt64(viewCount)
    }
}
