import Foundation
import Tracking

/// Diagnostics collected from any thread.
final class DiagnosticLog: @unchecked Sendable {
    // MARK: - Internal

    var entries: [TrackingDiagnostic] {
        lock.withLock { stored }
    }

    func append(_ diagnostic: TrackingDiagnostic) {
        lock.withLock { stored.append(diagnostic) }
    }

    // MARK: - Private

    private let lock = NSLock()
    private var stored: [TrackingDiagnostic] = []
}
