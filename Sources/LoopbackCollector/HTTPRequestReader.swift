import Foundation

/// Reads HTTP/1.1 requests off one connection: the head, then a `Content-Length` or chunked body.
///
/// Every read waits for the socket or the collector's wake pipe, bounded by an idle timeout; sizes are
/// bounded too, so a misbehaving client cannot hold a thread or memory for ever.
struct HTTPRequestReader {
    // MARK: - Internal

    /// One request as read, before the collector records it.
    struct RawRequest {
        var method: String
        var path: String
        var headers: [HTTPHeaderField]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// Whether the client asked to close the connection after this request.
        var closesConnection: Bool {
            header("Connection")?.lowercased().contains("close") ?? false
        }
    }

    /// Why reading stopped without a request.
    enum Stop: Error {
        /// The peer closed the connection, the collector is stopping, or the connection was idle too long.
        case ended
        /// The request was malformed or over the limits; answer 400 or 413 and close.
        case malformed(status: Int)
    }

    let descriptor: Int32
    let wake: Int32
    let idleTimeout: TimeInterval
    let maximumHeadBytes: Int
    let maximumBodyBytes: Int
    /// Sends `100 Continue` when the client waits for it before its body.
    let sendContinue: () -> Void

    /// The next request on the connection.
    mutating func next() throws(Stop) -> RawRequest {
        let head = try readHead()
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { throw .malformed(status: 400) }
        var headers: [HTTPHeaderField] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed(status: 400) }
            headers.append(HTTPHeaderField(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            ))
        }
        var request = RawRequest(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: [])
        if request.header("Expect")?.lowercased() == "100-continue" { sendContinue() }
        if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            request.body = try readChunkedBody()
        } else if let lengthText = request.header("Content-Length") {
            guard let length = Int(lengthText), length >= 0 else { throw .malformed(status: 400) }
            guard length <= maximumBodyBytes else { throw .malformed(status: 413) }
            request.body = try readExactly(length)
        }
        return request
    }

    // MARK: - Private

    private var buffer: [UInt8] = []

    init(descriptor: Int32, wake: Int32, idleTimeout: TimeInterval, maximumHeadBytes: Int, maximumBodyBytes: Int, sendContinue: @escaping () -> Void) {
        self.descriptor = descriptor
        self.wake = wake
        self.idleTimeout = idleTimeout
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.sendContinue = sendContinue
    }

    private mutating func fill() throws(Stop) {
        guard PosixSocket.wait(for: descriptor, orWake: wake, timeout: idleTimeout) == .readable else { throw .ended }
        guard PosixSocket.read(descriptor, into: &buffer, maximum: 64 * 1024) > 0 else { throw .ended }
    }

    private mutating func readHead() throws(Stop) -> String {
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer) {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return head
            }
            guard buffer.count <= maximumHeadBytes else { throw .malformed(status: 431) }
            try fill()
        }
    }

    private mutating func readLine() throws(Stop) -> String {
        while true {
            if let end = Self.find([13, 10], in: buffer) {
                let line = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            guard buffer.count <= maximumHeadBytes else { throw .malformed(status: 400) }
            try fill()
        }
    }

    private mutating func readExactly(_ count: Int) throws(Stop) -> [UInt8] {
        while buffer.count < count { try fill() }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    private mutating func readChunkedBody() throws(Stop) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeText = try readLine().split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else { throw .malformed(status: 400) }
            if size == 0 {
                while try !readLine().isEmpty {}
                return body
            }
            guard body.count + size <= maximumBodyBytes else { throw .malformed(status: 413) }
            body += try readExactly(size)
            guard try readLine().isEmpty else { throw .malformed(status: 400) }
        }
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return start }
        }
        return nil
    }
}
