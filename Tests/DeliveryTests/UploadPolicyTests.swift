import Foundation
@testable import Tracking
import XCTest

final class UploadPolicyTests: XCTestCase {
    private static let now = Date(timeIntervalSince1970: 1_795_000_000)

    func testClassifiesEveryResponseClass() {
        func outcome(_ status: Int, _ retryAfter: String? = nil) -> UploadOutcome {
            UploadResponseClassifier.outcome(of: .http(status: status, retryAfter: retryAfter), now: Self.now)
        }
        XCTAssertEqual(outcome(200), .delivered)
        XCTAssertEqual(outcome(204), .delivered)
        XCTAssertEqual(outcome(408), .retry(.status(408), retryAfter: nil))
        XCTAssertEqual(outcome(429, "12"), .retry(.status(429), retryAfter: 12))
        XCTAssertEqual(outcome(500), .retry(.status(500), retryAfter: nil))
        XCTAssertEqual(outcome(503, "Wed, 18 Nov 2026 11:07:10 GMT"), .retry(.status(503), retryAfter: 30))
        XCTAssertEqual(outcome(413), .split)
        XCTAssertEqual(outcome(400), .reject(status: 400))
        XCTAssertEqual(outcome(401), .reject(status: 401))
        XCTAssertEqual(outcome(404), .reject(status: 404))
        XCTAssertEqual(outcome(302), .retry(.redirected(status: 302, location: nil), retryAfter: nil))
        XCTAssertEqual(
            UploadResponseClassifier.outcome(of: .http(status: 301, retryAfter: nil, location: "http://127.0.0.1:9/v1/batch"), now: Self.now),
            .retry(.redirected(status: 301, location: "http://127.0.0.1:9/v1/batch"), retryAfter: nil)
        )
        XCTAssertEqual(outcome(600), .retry(.transport("unexpected status 600"), retryAfter: nil))
    }

    func testTransportFailuresRetryAndOfflineIsQuiet() {
        func outcome(_ code: URLError.Code?) -> UploadOutcome {
            UploadResponseClassifier.outcome(of: .failed(code, description: "detail"), now: Self.now)
        }
        XCTAssertEqual(outcome(.timedOut), .retry(.timedOut, retryAfter: nil))
        XCTAssertEqual(outcome(.notConnectedToInternet), .retry(.offline, retryAfter: nil))
        XCTAssertEqual(outcome(.cannotConnectToHost), .retry(.offline, retryAfter: nil))
        XCTAssertEqual(outcome(.networkConnectionLost), .retry(.transport("detail"), retryAfter: nil))
        XCTAssertEqual(outcome(nil), .retry(.transport("detail"), retryAfter: nil))
        XCTAssertFalse(outcome(.notConnectedToInternet).isNoteworthy)
        XCTAssertTrue(outcome(.timedOut).isNoteworthy)
        XCTAssertFalse(UploadOutcome.delivered.isNoteworthy)
    }

    func testReadsRetryAfterInEveryForm() {
        XCTAssertEqual(RetryAfter.seconds(from: "120", now: Self.now), 120)
        XCTAssertEqual(RetryAfter.seconds(from: " 0 ", now: Self.now), 0)
        XCTAssertEqual(RetryAfter.seconds(from: "Wed, 18 Nov 2026 11:08:40 GMT", now: Self.now), 120)
        XCTAssertEqual(RetryAfter.seconds(from: "Wednesday, 18-Nov-26 11:08:40 GMT", now: Self.now), 120)
        XCTAssertEqual(RetryAfter.seconds(from: "Wed Nov 18 11:08:40 2026", now: Self.now), 120)
        XCTAssertEqual(RetryAfter.seconds(from: "Wed, 18 Nov 2026 10:00:00 GMT", now: Self.now), 0)
        XCTAssertNil(RetryAfter.seconds(from: "soon", now: Self.now))
        XCTAssertNil(RetryAfter.seconds(from: "-5", now: Self.now))
        XCTAssertNil(RetryAfter.seconds(from: "", now: Self.now))
    }

    func testBackoffGrowsExponentiallyWithJitterUpToTheCap() {
        var policy = UploadBackoffPolicy(base: 1, cap: 60, jitter: 0.5)
        policy.random = { 0 }
        XCTAssertEqual((1...8).map { policy.delay(afterFailures: $0) }, [1, 2, 4, 8, 16, 32, 60, 60])
        XCTAssertEqual(policy.delay(afterFailures: 10_000), 60)
        policy.random = { 0.999_999 }
        XCTAssertEqual(policy.delay(afterFailures: 3), 2, accuracy: 0.001)
        policy.random = { 0.5 }
        XCTAssertEqual(policy.delay(afterFailures: 3), 3)
    }

    func testRetryAfterIsAFloorAndIsCapped() {
        var policy = UploadBackoffPolicy(base: 1, cap: 60, jitter: 0.5, maximumRetryAfter: 600)
        policy.random = { 0 }
        XCTAssertEqual(policy.delay(afterFailures: 1, retryAfter: 7), 7)
        XCTAssertEqual(policy.delay(afterFailures: 6, retryAfter: 7), 32)
        XCTAssertEqual(policy.delay(afterFailures: 1, retryAfter: 86_400), 600)
        XCTAssertEqual(policy.delay(afterFailures: 1, retryAfter: -3), 1)
    }
}
