import Foundation

/// Packs messages into batches in order, within ``WireLimits``; messages over the per-message limit are
/// dropped with a diagnostic.
package struct WireBatchBuilder: Sendable {
    // MARK: - Internal

    package var limits: WireLimits
    /// What batches are wrapped in.
    package var envelope: WireEnvelope

    package init(limits: WireLimits = WireLimits(), envelope: WireEnvelope = .segment) {
        self.limits = limits
        self.envelope = envelope
    }

    /// Whether `message` is small enough to send; reports a ``TrackingDiagnostic/Code/messageTooLarge``
    /// diagnostic when it is not.
    package func admits(_ message: EncodedWireMessage, diagnostics: (TrackingDiagnostic) -> Void) -> Bool {
        guard message.bytes.count <= limits.maximumMessageBytes,
              WireBatch(envelope: envelope).bodyByteCount(appending: message) <= limits.maximumRequestBytes
        else {
            diagnostics(TrackingDiagnostic(
                code: .messageTooLarge,
                message: "a message of \(message.bytes.count) bytes encoded is over the \(limits.maximumMessageBytes)-byte limit; dropped"
            ))
            return false
        }
        return true
    }

    /// Whether `message` fits in `batch` without breaking the request size or count limit.
    package func fits(_ message: EncodedWireMessage, in batch: WireBatch) -> Bool {
        batch.count < limits.maximumMessageCount && batch.bodyByteCount(appending: message) <= limits.maximumRequestBytes
    }

    /// All `messages` in as few batches as the limits allow, in order; oversized messages dropped.
    package func batches(from messages: some Sequence<EncodedWireMessage>, diagnostics: (TrackingDiagnostic) -> Void) -> [WireBatch] {
        var batches: [WireBatch] = []
        var current = WireBatch(envelope: envelope)
        for message in messages where admits(message, diagnostics: diagnostics) {
            if !fits(message, in: current) {
                batches.append(current)
                current = WireBatch(envelope: envelope)
            }
            current.append(message)
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    /// The longest prefix of `messages` that fits one batch (at least one admitted message when any is),
    /// and how many of `messages` it consumed, dropped ones included: for a loop that reads the queue in
    /// order and deletes what it consumed once the batch is delivered.
    package func firstBatch(from messages: [EncodedWireMessage], diagnostics: (TrackingDiagnostic) -> Void) -> (batch: WireBatch, consumed: Int) {
        var batch = WireBatch(envelope: envelope)
        var consumed = 0
        for message in messages {
            if !admits(message, diagnostics: diagnostics) {
                consumed += 1
                continue
            }
            guard fits(message, in: batch) else { break }
            batch.append(message)
            consumed += 1
        }
        return (batch, consumed)
    }
}
