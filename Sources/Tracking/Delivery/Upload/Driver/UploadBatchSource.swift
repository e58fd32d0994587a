import Foundation

/// Where ``UploadDriver`` gets batches and reports what became of them: the event store's side of the
/// upload loop.
///
/// The driver sends one batch at a time and calls ``complete(_:)`` before asking for the next, so a source
/// can simply hand out its oldest messages each time.
package protocol UploadBatchSource: Sendable {
    /// The oldest messages ready for upload packed into one batch (see ``WireBatchBuilder/firstBatch(from:diagnostics:)``),
    /// or `nil` when nothing is ready.
    func nextBatch() async -> WireBatch?

    /// What became of the last batch: delete ``BatchDeliveryReport/delivered`` and
    /// ``BatchDeliveryReport/rejected``; keep ``BatchDeliveryReport/kept`` for the next attempt (with the
    /// same message ids).
    /// - Returns: Whether what became of the batch was recorded; `false` (storage failing) makes the driver
    ///   end the flush and back off, so a batch whose fate could not be recorded is not sent in a loop.
    func complete(_ report: BatchDeliveryReport) async -> Bool
}
