import Foundation

/// The layout of a segment's `.ack` sidecar: one 20-byte entry per acknowledged event, its id (16 bytes)
/// and the CRC-32 of the id (UInt32 LE). A torn or damaged entry is ignored, which can only make an event
/// be delivered again, never lost; the entries after it are still read (appends keep the file a whole
/// number of entries, and reading resynchronizes after a damaged one).
enum AcknowledgementFormat {
    /// Bytes per entry.
    static let entrySize = 20

    /// The entries for `ids`.
    static func entries(for ids: some Collection<UUID>) -> [UInt8] {
        var entries: [UInt8] = []
        entries.reserveCapacity(ids.count * entrySize)
        for id in ids {
            let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
            entries += bytes
            withUnsafeBytes(of: CRC32.checksum(bytes).littleEndian) { entries += $0 }
        }
        return entries
    }

    /// The ids of every intact entry in `bytes`. After an entry that fails its checksum (torn by a short
    /// write or a power loss in a file written before appends cut torn tails), the next intact entry is
    /// looked for byte by byte, so one torn entry costs only itself.
    static func ids(in bytes: [UInt8]) -> Set<UUID> {
        var ids = Set<UUID>()
        var offset = 0
        while offset + entrySize <= bytes.count {
            let idBytes = bytes[offset..<(offset + 16)]
            let stored = UInt32(bytes[offset + 16]) | UInt32(bytes[offset + 17]) << 8
                | UInt32(bytes[offset + 18]) << 16 | UInt32(bytes[offset + 19]) << 24
            if CRC32.checksum(idBytes) == stored {
                ids.insert(UUID(bytes: idBytes))
                offset += entrySize
            } else {
                offset += 1
            }
        }
        return ids
    }
}

extension UUID {
    /// The UUID whose 16 bytes, in memory order, are `bytes` (which must hold exactly 16).
    init(bytes: some Collection<UInt8>) {
        let b = Array(bytes)
        self.init(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }
}
