import CZlib
import Foundation

/// Decodes a gzip (or zlib) stream, so recorded bodies read as the JSON the client encoded.
enum Gunzip {
    // MARK: - Internal

    /// The decoded bytes, or `nil` when `data` is not a complete gzip stream or decodes to more than
    /// `limit` bytes.
    static func decode(_ data: Data, limit: Int) -> Data? {
        var stream = z_stream()
        // 15 + 32: the largest window, and detect gzip or zlib headers automatically.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = [UInt8](data)
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            var status = Z_OK
            repeat {
                status = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit { return Z_BUF_ERROR }
            } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
            return status
        }
        return status == Z_STREAM_END ? output : nil
    }
}
