import Foundation

/// How the ``LoopbackCollector`` answers one request.
///
/// Script a sequence with ``LoopbackCollector/enqueue(_:)``; requests beyond the script get
/// ``LoopbackCollector/defaultBehaviour`` (``accept`` unless changed).
///
/// ```swift
/// collector.enqueue(.serviceUnavailable(retryAfter: "2"), .dropConnection, .accept)
/// ```
public enum CollectorBehaviour: Sendable, Hashable {
    /// 200 with `{"success":true}`, as Segment answers.
    case accept
    /// 500 Internal Server Error.
    case serverError
    /// 503 Service Unavailable, with a `Retry-After` header when `retryAfter` is not `nil` (seconds or an
    /// HTTP-date, sent verbatim).
    case serviceUnavailable(retryAfter: String?)
    /// 429 Too Many Requests, with a `Retry-After` header when `retryAfter` is not `nil`.
    case tooManyRequests(retryAfter: String?)
    /// 413 Payload Too Large.
    case payloadTooLarge
    /// 400 Bad Request.
    case badRequest
    /// Any status, with extra headers and a body.
    case status(Int, headers: [String: String], body: String)
    /// Reads the request, then never answers; the connection stays open until the client gives up or the
    /// collector stops.
    case stall
    /// Reads the request, then closes the connection without answering.
    case dropConnection
    /// 200 with a chunked body that never ends: a 1 KiB chunk every 10 ms until the client closes the
    /// connection, the collector stops, or ``LoopbackCollector/Limits/maximumStall`` passes.
    case endlessBody

    /// The HTTP status this behaviour answers with, or `nil` for ``stall`` and ``dropConnection``, which
    /// send no answer.
    public var statusCode: Int? {
        self == .endlessBody ? 200 : response?.status
    }

    // MARK: - Internal

    /// The response to write, or `nil` for ``stall``, ``dropConnection`` and ``endlessBody``.
    var response: (status: Int, headers: [String: String], body: String)? {
        switch self {
        case .accept: return (200, [:], #"{"success":true}"#)
        case .serverError: return (500, [:], #"{"success":false,"error":"internal"}"#)
        case .serviceUnavailable(let retryAfter): return (503, Self.retryHeaders(retryAfter), #"{"success":false}"#)
        case .tooManyRequests(let retryAfter): return (429, Self.retryHeaders(retryAfter), #"{"success":false}"#)
        case .payloadTooLarge: return (413, [:], #"{"success":false,"error":"too large"}"#)
        case .badRequest: return (400, [:], #"{"success":false,"error":"bad request"}"#)
        case .status(let status, let headers, let body): return (status, headers, body)
        case .stall, .dropConnection, .endlessBody: return nil
        }
    }

    // MARK: - Private

    private static func retryHeaders(_ retryAfter: String?) -> [String: String] {
        retryAfter.map { ["Retry-After": $0] } ?? [:]
    }
}
