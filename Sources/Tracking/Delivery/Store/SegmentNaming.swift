/// File names in a store's directory: `<sequence>.open` for the segment being written, `<sequence>.seg`
/// once sealed, `<sequence>.ack` for its acknowledged ids, and the `quarantine` folder. Sequences are
/// zero-padded to 20 digits, so name order is age order.
enum SegmentNaming {
    /// The suffixes of the three kinds of file.
    enum Kind: String {
        case open, seg, ack
    }

    static let quarantineFolder = "quarantine"

    /// The largest sequence a store uses: counting one segment at a time never gets near it, and every
    /// sequence up to it has a successor, so a file named with a larger one is set aside, not trusted.
    static let maximumSequence = UInt64(Int64.max)

    static func name(_ sequence: UInt64, _ kind: Kind) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits + "." + kind.rawValue
    }

    /// The sequence and kind a file name encodes, or `nil` for any other file.
    static func parse(_ name: String) -> (sequence: UInt64, kind: Kind)? {
        let parts = name.split(separator: ".")
        guard parts.count == 2, parts[0].count == 20, let sequence = UInt64(parts[0]),
              let kind = Kind(rawValue: String(parts[1])) else { return nil }
        return (sequence, kind)
    }
}
