import Foundation

/// Whether a request may start, decided in the same step that starts it: the consent side of the upload
/// loop.
///
/// A batch is built under a ``UploadTicket`` taken before its events were read. ``start(_:key:cancel:resume:)``
/// resumes the request only while the ticket is still valid, under the lock that consent changes take, so
/// a change either happens before the start (and nothing is sent) or after it (and cancels the request).
package protocol UploadGate: Sendable {
    /// A ticket for building a batch now, or `nil` when nothing may be uploaded.
    func ticket() -> UploadTicket?

    /// Whether `ticket` still allows uploading: consent is granted and was not denied since it was taken.
    func allows(_ ticket: UploadTicket) -> Bool

    /// Calls `resume` and returns `true` when `ticket` still allows uploading; otherwise returns `false`
    /// without calling it. A started request is remembered under `key` until ``finish(_:)``: `cancel` is
    /// called if consent is withdrawn meanwhile.
    /// - Parameters:
    ///   - ticket: The ticket the batch was built under.
    ///   - key: Identifies the request until it finishes.
    ///   - cancel: Cancels the request.
    ///   - resume: Starts the request; it must not block.
    func start(_ ticket: UploadTicket, key: Int, cancel: @escaping @Sendable () -> Void, resume: () -> Void) -> Bool

    /// Forgets the request started under `key`.
    func finish(_ key: Int)
}

/// Permission to upload what was read after it was issued: the consent's generation, which every denial
/// advances.
package struct UploadTicket: Sendable, Equatable {
    /// The number of denials before the ticket was issued.
    package let generation: UInt64

    package init(generation: UInt64) {
        self.generation = generation
    }
}

/// A gate that always allows uploading: for a sender used without consent (tests, tools).
package struct OpenUploadGate: UploadGate {
    package init() {}

    package func ticket() -> UploadTicket? { UploadTicket(generation: 0) }

    package func allows(_ ticket: UploadTicket) -> Bool { true }

    package func start(_ ticket: UploadTicket, key: Int, cancel: @escaping @Sendable () -> Void, resume: () -> Void) -> Bool {
        resume()
        return true
    }

    package func finish(_ key: Int) {}
}
