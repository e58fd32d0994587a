/// Bounds the nesting of JSON read from Sightline's own small files (`identity.json`, `session.json`,
/// `app-version.json`) before a decoder sees it: a file the app did not write (tampered with, or restored from
/// elsewhere) may nest arrays and objects thousands of levels deep, which a recursive decoder would either
/// refuse whole (losing the rest of the file) or pay for in stack.
///
/// One pass over the bytes, no recursion, linear in the file's length: every array or object that opens
/// deeper than the limit is replaced, with everything inside it, by `null`, so that the result is still JSON
/// of the same shape above the limit. Strings are skipped as strings (their brackets are text). Bytes that are
/// not JSON stay as they are, for the decoder to refuse.
enum ShallowJSON {
    // MARK: - Internal

    /// The nesting kept by default: far deeper than anything Sightline writes (traits are bounded at 8 levels).
    static let defaultMaximumDepth = 64

    /// `bytes` with every container that opens at a depth over `maximumDepth` (the top-level value is at
    /// depth 1) replaced by `null`, and how many containers were replaced.
    static func bounded(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) -> (bytes: [UInt8], replaced: Int) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var depth = 0
        var replaced = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = endOfString(in: bytes, from: index)
                output.append(contentsOf: bytes[index..<end])
                index = end
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth >= maximumDepth {
                    index = endOfContainer(in: bytes, from: index)
                    output.append(contentsOf: "null".utf8)
                    replaced += 1
                    continue
                }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(depth - 1, 0)
            default:
                break
            }
            output.append(byte)
            index += 1
        }
        return (output, replaced)
    }

    // MARK: - Private

    /// The index just past the string that opens at `start` (a quote), or the end of `bytes`.
    private static func endOfString(in bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// The index just past the container that opens at `start`, counting brackets of either kind and
    /// skipping strings, or the end of `bytes`.
    private static func endOfContainer(in bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = endOfString(in: bytes, from: index)
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return bytes.count
    }
}
