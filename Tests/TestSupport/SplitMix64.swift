/// A tiny seeded random number generator (SplitMix64) for reproducible generated test inputs: the same
/// seed gives the same sequence on every platform and run, so a failing seed can be replayed.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let width = Double(Int.random(in: 0...200, using: &random))
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state: the seed, advanced by every draw.
    public private(set) var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1.0p-53 < probability
    }

    /// A uniformly chosen element of a non-empty array.
    public mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[Int(next() % UInt64(choices.count))]
    }
}
