import Foundation
import TestSupport
import Tracking
import XCTest

/// Where ``TrackingDiagnostic/logToSystem`` writes without the unified log: standard error, one line with
/// the code.
final class DefaultDiagnosticHandlerTests: XCTestCase {
    func testTheDefaultHandlerWritesTheCodeAndMessageToStandardErrorWithoutUnifiedLogging() throws {
        #if canImport(os)
        throw XCTSkip("the unified log is used on Apple platforms")
        #else
        let diagnostic = TrackingDiagnostic(code: .storeWriteFailed, message: "could not store an event (open: No space left on device (errno 28))")
        let written = try StandardErrorCapture.during { TrackingDiagnostic.logToSystem(diagnostic) }
        XCTAssertEqual(written, "[Tracking] store_write_failed: could not store an event (open: No space left on device (errno 28))\n")
        #endif
    }
}
