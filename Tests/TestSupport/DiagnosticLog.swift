import Foundation
import Tracking

/// The diagnostics a test's tracker, sink or store reported, collected from any thread.
///
/// Pass ``handler`` (or ``append(_:)``) as the `diagnosticHandler` and assert on ``all`` or ``codes``:
///
/// ```swift
/// let log = DiagnosticLog()
/// configuration.diagnosticHandler = log.handler
/// XCTAssertEqual(log.codes, [.uploadFailed])
/// ```
public final class DiagnosticLog: @unchecked Sendable {
    // MARK: - Public

    /// Creates an empty log.
    public init() {}

    /// Every diagnostic so far, oldest first.
    public var all: [TrackingDiagnostic] {
        lock.withLock { entries }
    }

    /// The codes of ``all``, oldest first.
    public var codes: [TrackingDiagnostic.Code] {
        all.map(\.code)
    }

    /// A diagnostic handler that appends to this log.
    public var handler: @Sendable (TrackingDiagnostic) -> Void {
        { [self] diagnostic in append(diagnostic) }
    }

    /// Appends `diagnostic`.
    ///
    /// - Parameters:
    ///   - diagnostic: The diagnostic reported.
    public func append(_ diagnostic: TrackingDiagnostic) {
        lock.withLock { entries.append(diagnostic) }
    }

    // MARK: - Private

    private let lock = NSLock()
    private var entries: [TrackingDiagnostic] = []
}
