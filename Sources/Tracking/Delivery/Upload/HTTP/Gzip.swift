import CZlib
import Foundation

/// gzip-compresses request bodies (`Content-Encoding: gzip`); JSON batches shrink several-fold.
package enum Gzip {
    // MARK: - Internal

    /// `data` as a gzip stream, or `nil` if zlib fails (the caller then sends it uncompressed).
    package static func compress(_ data: Data, level: Int32 = Z_DEFAULT_COMPRESSION) -> Data? {
        var stream = z_stream()
        // 15 + 16: the largest window, with a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Data(output[0..<Int(stream.total_out)])
    }
}
