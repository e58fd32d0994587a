import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX socket calls the collector needs, with the Linux/Darwin differences in one place.
enum PosixSocket {
    // MARK: - Internal

    /// What waiting for input on a connection ended with.
    enum Readiness {
        case readable
        case woken
        case timedOut
    }

    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A TCP listener on 127.0.0.1:`port` (0: a free port chosen by the kernel) and the port it got.
    static func listen(port: UInt16, backlog: Int32) throws -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
        do {
            setCloseOnExec(descriptor)
            var reuse: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
            var address = loopbackAddress(port: port)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw Failure(call: "bind", code: errno) }
            guard Glibc_or_Darwin_listen(descriptor, backlog) == 0 else { throw Failure(call: "listen", code: errno) }
            var actual = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &actual) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0 else { throw Failure(call: "getsockname", code: errno) }
            return (descriptor, UInt16(bigEndian: actual.sin_port))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Accepts one pending connection, or returns `nil`.
    static func accept(_ listener: Int32) -> Int32? {
        let descriptor = Glibc_or_Darwin_accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        setCloseOnExec(descriptor)
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    /// Waits until `descriptor` has input (or was closed by the peer), `wake` has input, or `timeout`
    /// seconds pass.
    static func wait(for descriptor: Int32, orWake wake: Int32, timeout: TimeInterval) -> Readiness {
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .timedOut }
            let result = poll(&fds, nfds_t(fds.count), Int32(min(remaining * 1000, 1_000_000)) + 1)
            if result < 0, errno == EINTR { continue }
            if result < 0 { return .woken }
            if fds[1].revents != 0 { return .woken }
            if fds[0].revents != 0 { return .readable }
        }
    }

    /// Reads what is available into `buffer`; the count read, 0 at end of stream, -1 on error.
    static func read(_ descriptor: Int32, into buffer: inout [UInt8], maximum: Int) -> Int {
        var chunk = [UInt8](repeating: 0, count: maximum)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
        if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
        return count
    }

    /// Writes all of `bytes`; `false` when the peer is gone.
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, bytes.count - offset, sendFlags)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// A pipe whose read end wakes pollers when written to.
    static func makeWakePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(call: "pipe", code: errno) }
        setCloseOnExec(ends[0])
        setCloseOnExec(ends[1])
        return (ends[0], ends[1])
    }

    /// Makes every poller of the pipe's read end return (the byte is never read, so it stays readable).
    static func signal(_ wakePipe: (read: Int32, write: Int32)) {
        var byte: UInt8 = 1
        _ = Glibc_or_Darwin_write(wakePipe.write, &byte, 1)
    }

    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    // MARK: - Private

    #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0
    #endif

    /// Child processes (the crash tests spawn some) must not inherit the collector's sockets.
    private static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
        return address
    }
}

// The module-level `listen`, `accept` and `write` are shadowed by the static methods above.
#if canImport(Glibc)
private let Glibc_or_Darwin_listen = Glibc.listen
private let Glibc_or_Darwin_accept = Glibc.accept
private let Glibc_or_Darwin_write = Glibc.write
#else
private let Glibc_or_Darwin_listen = Darwin.listen
private let Glibc_or_Darwin_accept = Darwin.accept
private let Glibc_or_Darwin_write = Darwin.write
#endif
