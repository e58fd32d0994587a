import Foundation
import TestSupport
@testable import Tracking
import XCTest

/// Acceptance 51: deep-link scrubbing holds against case, spaces, `[]` and dotted suffixes, `;` separators
/// and tokens nested in URL-valued parameters, and a keep-list keeps only what it names. Each variant once
/// bypassed the removal of `access_token` or `token`.
final class DeepLinkScrubbingTests: TrackerStorageTestCase {
    func test51_namesAreComparedCaseFolded() {
        XCTAssertEqual(cleaned("myapp://item/42?Access_Token=abc&TOKEN=def&tab=reviews&Code=9"), "myapp://item/42?tab=reviews")
    }

    func test51_namesAreComparedTrimmedOfSpacesHoweverEncoded() {
        XCTAssertEqual(cleaned("myapp://item?%20access_token=a&+token=b&access_token%20=c&%09code=d&tab=1"), "myapp://item?tab=1")
    }

    func test51_semicolonsSeparateParametersAndTheirSeparatorsAreKept() {
        XCTAssertEqual(cleaned("myapp://item?a=1;access_token=abc;b=2&token=x&c=3"), "myapp://item?a=1;b=2&c=3")
    }

    func test51_bracketAndDotSuffixesAreReadAsTheNameTheyExtend() {
        XCTAssertEqual(
            cleaned("myapp://item?access_token%5B%5D=a&token%5B0%5D=b&code%5Bx%5D%5By%5D=c&access_token.raw=d&access.token=e&access%20token=f&tab=1"),
            "myapp://item?tab=1"
        )
    }

    func test51_aTokenNestedInAURLValuedParameterIsRemovedAndTheRestOfTheValueKept() {
        XCTAssertEqual(
            cleaned("https://127.0.0.1/login?redirect=https%3A%2F%2F127.0.0.1%2Fcb%3Faccess_token%3Dabc%26next%3D1&a=1"),
            "https://127.0.0.1/login?redirect=https%3A%2F%2F127.0.0.1%2Fcb%3Fnext%3D1&a=1"
        )
        // Nothing left in the nested query: no `?` either.
        XCTAssertEqual(
            cleaned("myapp://open?url=myapp%3A%2F%2Fitem%3FToken%3Dabc"),
            "myapp://open?url=myapp%3A%2F%2Fitem"
        )
        // A nested query without a URL, and a value that only looks like one (base64 padding) kept as it is.
        XCTAssertEqual(cleaned("myapp://open?state=access_token%3Dabc%26step%3D2&sig=YWJj%3D%3D"), "myapp://open?state=step%3D2&sig=YWJj%3D%3D")
    }

    func test51_aTokenNestedUnderSeveralEncodingsAndURLsIsRemoved() {
        // Encoded twice: a redirect to a page that redirects again.
        XCTAssertEqual(
            cleaned("myapp://open?next=https%253A%252F%252F127.0.0.1%252Fcb%253Faccess_token%253Dabc"),
            "myapp://open?next=https%253A%252F%252F127.0.0.1%252Fcb"
        )
        // A URL in a URL in a URL.
        let inner = "https://127.0.0.1/c?token=secret&keep=1"
        let middle = "https://127.0.0.1/b?to=" + Self.encoded(inner)
        XCTAssertEqual(
            cleaned("myapp://a?go=" + Self.encoded(middle)),
            "myapp://a?go=" + Self.encoded("https://127.0.0.1/b?to=" + Self.encoded("https://127.0.0.1/c?keep=1"))
        )
        // Encoded 8 times: the bound is reached, and still holds.
        var eightTimes = "myapp://x?access_token=abc"
        for _ in 0..<8 { eightTimes = Self.encoded(eightTimes) }
        var expected = "myapp://x"
        for _ in 0..<8 { expected = Self.encoded(expected) }
        XCTAssertEqual(cleaned("myapp://open?u=" + eightTimes), "myapp://open?u=" + expected)
    }

    func test51_aKeepListKeepsOnlyTheParametersItNamesAtEveryLevel() {
        let policy = DeepLinkQueryPolicy.keepingOnly(["item", "UTM_Source", "next"])
        XCTAssertEqual(
            cleaned("myapp://open?item=42&utm_source=mail&Item=7&item%5B%5D=1&item.x=2&email=a%40b&token=x&ref=home"
                    + "&next=%2Fitems%3Fitem%3D1%26session%3D2", policy: policy),
            "myapp://open?item=42&utm_source=mail&Item=7&next=%2Fitems%3Fitem%3D1"
        )
        XCTAssertEqual(cleaned("myapp://open?email=a%40b&token=x", policy: policy), "myapp://open")
        XCTAssertEqual(policy.keptNames, ["item", "UTM_Source", "next"])
        XCTAssertNil(policy.removedNames)
    }

    func test51_theTrackerRecordsWithItsPolicyAndTheSetOfRemovedNamesStillWorks() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            let sink = InMemoryTrackingSink()
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: log)
            configuration.storageDirectory = directory
            XCTAssertEqual(configuration.deepLinkQueryPolicy, .default)
            configuration.deepLinkQueryItemsToRemove.insert("email")
            XCTAssertEqual(configuration.deepLinkQueryPolicy, .removing(DeepLinkQueryPolicy.defaultRemovedNames.union(["email"])))
            let removing = Tracker(configuration: configuration, sinks: [sink])
            removing.openURL("myapp://item?Email=a%40b&ACCESS_TOKEN=x&tab=1")
            configuration.deepLinkQueryPolicy = .keepingOnly(["tab"])
            XCTAssertEqual(configuration.deepLinkQueryItemsToRemove, [])
            let keeping = Tracker(configuration: configuration, sinks: [sink])
            keeping.openURL("myapp://item?Email=a%40b&ref=x&tab=1")
            XCTAssertEqual(sink.events.map(\.description), [
                #"track Deep Link Opened {url="myapp://item?tab=1"}"#,
                #"track Deep Link Opened {url="myapp://item?tab=1"}"#,
            ])
            XCTAssertEqual(log.codes, [])
        }
    }

    func test51_aLinkOver16KBIsRefusedUnreadWithADiagnostic() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            let sink = InMemoryTrackingSink()
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: log)
            configuration.storageDirectory = directory
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            let atLimit = "myapp://item?q=" + String(repeating: "a", count: DeepLinkURL.maximumLength - 15)
            tracker.openURL(atLimit + "a")
            tracker.openURL(URL(string: atLimit + "a")!)
            tracker.openURL(atLimit)
            // The one at the limit is recorded, cut to the 1,024 bytes of a property value as any string is.
            XCTAssertEqual(sink.events.map { $0.properties["url"] }, [.string(String(atLimit.prefix(1_024)))])
            XCTAssertEqual(log.all.prefix(2).map(\.message),
                           Array(repeating: "Deep Link Opened not recorded: the URL is 16385 UTF-8 bytes, over the limit of 16384", count: 2))
            XCTAssertEqual(log.codes, [.invalidDeepLink, .invalidDeepLink, .propertyValueTooLong])
        }
    }

    // MARK: - Helpers

    private func cleaned(_ string: String, policy: DeepLinkQueryPolicy = .default, pathPolicy: DeepLinkPathPolicy = .default, file: StaticString = #filePath, line: UInt = #line) -> String? {
        switch DeepLinkURL.cleaned(string, policy: policy, pathPolicy: pathPolicy) {
        case .success(let link): return link.string
        case .failure(let problem):
            XCTFail("\(problem)", file: file, line: line)
            return nil
        }
    }

    /// `string` percent-encoded as a query value (everything but the unreserved characters).
    private static func encoded(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))!
    }
}
