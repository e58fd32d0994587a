/// A tiny seeded random number generator (SplitMix64), so that a benchmark hierarchy is the same on every
/// run and platform and its numbers can be compared between runs.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    // MARK: - Package

    /// Creates a generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `probability`.
    package mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1.0p-53 < probability
    }

    /// A uniformly chosen integer in `0..<upperBound` (`upperBound` > 0).
    package mutating func below(_ upperBound: Int) -> Int {
        Int(next() % UInt64(upperBound))
    }

    // MARK: - Private

    private var state: UInt64
}
