import Foundation

/// Delivers one batch: stamps `sentAt`, posts it, classifies the answer through the transport's
/// destination, splits on 413, resends what a partial rejection left, and says what to delete, what to
/// keep and how long to wait. One request at a time.
///
/// Stateless between calls: the caller carries ``BatchDeliveryReport/failures`` into the next call, so the
/// backoff grows across consecutive failures and resets after a success.
package struct WireBatchSender: Sendable {
    // MARK: - Internal

    package let transport: HTTPUploadTransport
    package var backoff = UploadBackoffPolicy()
    /// The wall clock, for `sentAt` and HTTP-date `Retry-After`s.
    package var now: @Sendable () -> Date = { Date() }
    package var diagnostics: @Sendable (TrackingDiagnostic) -> Void
    /// Told about every request once its answer (or failure) is in.
    package var observer: (@Sendable (DeliveryUploadReport) -> Void)?
    /// Told the `URLError` code of every request that failed in transport (the uploader reports a host
    /// that keeps refusing connections or cannot be found, which count as offline here).
    package var failedInTransport: (@Sendable (URLError.Code) -> Void)?

    package init(transport: HTTPUploadTransport, backoff: UploadBackoffPolicy = UploadBackoffPolicy(),
                 now: @escaping @Sendable () -> Date = { Date() }, diagnostics: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        self.transport = transport
        self.backoff = backoff
        self.now = now
        self.diagnostics = diagnostics
    }

    /// Delivers `batch`, splitting it as often as the collector answers 413.
    /// - Parameters:
    ///   - batch: The messages to send.
    ///   - failuresSoFar: Consecutive failed attempts before this call (the previous report's ``BatchDeliveryReport/failures``).
    ///   - gate: Starts each request (each half of a split too) only while `ticket` is valid, in the step
    ///     that starts it; when it refuses, or withdraws consent during a request, nothing more is sent and
    ///     the rest is reported as kept, without a backoff.
    ///   - ticket: The permission under which `batch` was read.
    package func deliver(_ batch: WireBatch, failuresSoFar: Int, gate: any UploadGate = OpenUploadGate(),
                         ticket: UploadTicket = UploadTicket(generation: 0)) async -> BatchDeliveryReport {
        var report = BatchDeliveryReport(failures: failuresSoFar)
        var pending = [batch]
        while !pending.isEmpty {
            let current = pending.removeFirst()
            let body = current.body(sentAt: now())
            guard let response = await transport.send(body, through: gate, ticket: ticket) else {
                report.kept = current.messageIds + pending.flatMap(\.messageIds)
                return report
            }
            let outcome = transport.configuration.destination.outcome(of: response, batch: current, now: now())
            if case .failed(let code?, _) = response { failedInTransport?(code) }
            report.outcomes.append(outcome)
            defer { observe(current, bodyByteCount: body.count, response: response, outcome: outcome, retryDelay: report.retryDelay) }
            if outcome != .delivered, !gate.allows(ticket) {
                // Consent was withdrawn during the request (which it cancelled): not a failure to back off from.
                report.kept = current.messageIds + pending.flatMap(\.messageIds)
                return report
            }
            switch outcome {
            case .delivered:
                report.delivered += current.messageIds
                report.failures = 0
            case .reject(let status):
                report.rejected += current.messageIds
                report.failures = 0
                diagnostics(TrackingDiagnostic(code: .batchRejected, message: "collector answered \(status) to a batch of \(current.count) messages; dropped"))
            case .rejectSome(let status, let indices):
                let refused = Set(indices)
                let ids = current.messageIds
                report.rejected += indices.map { ids[$0] }
                report.failures = 0
                let rest = current.removing(indices: refused)
                diagnostics(TrackingDiagnostic(code: .batchRejected, message: "collector answered \(status) refusing \(refused.count) of \(current.count) messages; dropped those, sending the other \(rest.count) again"))
                if !rest.isEmpty { pending.insert(rest, at: 0) }
            case .split:
                if let (first, second) = current.split() {
                    pending.insert(contentsOf: [first, second], at: 0)
                } else {
                    report.rejected += current.messageIds
                    diagnostics(TrackingDiagnostic(code: .messageTooLarge, message: "collector answered 413 to a single message; dropped"))
                }
            case .retry(let reason, let retryAfter):
                report.failures += 1
                report.kept = current.messageIds + pending.flatMap(\.messageIds)
                let delay = backoff.delay(afterFailures: report.failures, retryAfter: retryAfter)
                report.retryDelay = delay
                if outcome.isNoteworthy {
                    diagnostics(TrackingDiagnostic(code: .uploadFailed, message: "upload of \(report.kept.count) messages failed (\(reason)); retrying in \(String(format: "%.1f", delay)) s"))
                }
                return report
            }
        }
        return report
    }

    // MARK: - Private

    private func observe(_ batch: WireBatch, bodyByteCount: Int, response: UploadResponse, outcome: UploadOutcome,
                         retryDelay: TimeInterval?) {
        guard let observer else { return }
        let reported: DeliveryUploadReport.Outcome
        switch outcome {
        case .delivered: reported = .delivered
        case .reject: reported = .rejected
        case .rejectSome: reported = .partiallyRejected
        case .split: reported = batch.count > 1 ? .split : .rejected
        case .retry: reported = .retrying(after: retryDelay ?? 0)
        }
        var statusCode: Int?
        var transportError: String?
        switch response {
        case .http(let status, _, _, _): statusCode = status
        case .failed(_, let description): transportError = description
        }
        observer(DeliveryUploadReport(
            date: now(), messageIDs: batch.messageIds, bodyByteCount: bodyByteCount,
            statusCode: statusCode, transportError: transportError, outcome: reported
        ))
    }
}
