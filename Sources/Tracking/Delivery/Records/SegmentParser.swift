/// Walks the framed records of one segment file's bytes, checking each record's length and checksum.
///
/// A record whose checksum fails but whose length fits is skipped and counted, and the walk goes on; a
/// length that cannot be right (zero, over the maximum, past the end) ends the walk there: that is the torn
/// or corrupt tail, and everything before it is valid.
struct SegmentParser {
    // MARK: - Internal

    /// What a walk found.
    struct Outcome {
        /// Whether the file starts with a version-1 header.
        var hasValidHeader = false
        /// Where the valid records end: everything from here on is the torn or corrupt tail.
        var validLength = 0
        /// Records skipped for a failed checksum.
        var corruptRecordCount = 0
        /// Bytes of the torn or corrupt tail.
        var tailByteCount = 0
    }

    /// Calls `visit` with each valid record's payload (its record type first), in file order.
    static func parse(_ bytes: [UInt8], visit: (ArraySlice<UInt8>) -> Void) -> Outcome {
        var outcome = Outcome()
        guard bytes.count >= RecordFormat.headerSize,
              Array(bytes[0..<4]) == RecordFormat.magic,
              readUInt32(bytes, at: 4) == RecordFormat.version else {
            return outcome
        }
        outcome.hasValidHeader = true
        var offset = RecordFormat.headerSize
        bytes.withUnsafeBytes { raw in
            while offset < bytes.count {
                guard bytes.count - offset >= RecordFormat.frameHeaderSize else { break }
                let length = Int(readUInt32(bytes, at: offset))
                let checksum = readUInt32(bytes, at: offset + 4)
                let start = offset + RecordFormat.frameHeaderSize
                guard length > 0, length <= RecordFormat.maximumPayloadSize, length <= bytes.count - start else { break }
                if CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)])) == checksum {
                    visit(bytes[start..<(start + length)])
                } else {
                    outcome.corruptRecordCount += 1
                }
                offset = start + length
            }
        }
        outcome.validLength = offset
        outcome.tailByteCount = bytes.count - offset
        return outcome
    }

    // MARK: - Private

    private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
