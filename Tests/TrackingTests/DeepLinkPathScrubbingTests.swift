import Foundation
import TestSupport
@testable import Tracking
import XCTest

/// Acceptance 63: no secret leaves in a deep link's path. JWTs, reset tokens, verification tokens and
/// matrix-parameter sessions become `:redacted` where they stood; ids, slugs and words stay; templates
/// override the look either way; a strict policy keeps only what its templates give. The collector's side is
/// `DeepLinkPathSecretsUploadTests`.
final class DeepLinkPathScrubbingTests: TrackerStorageTestCase {
    static let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTQyIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2lnbmF0dXJlLW9mLXRoZS1saW5r"
    static let resetToken = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"
    static let verificationToken = "Xk3v9QpL_r2TzW8yBn-5HdJc7MfA0sEu"
    static let sessionToken = "s3ss10n-T0k3n"

    func test63_eachSecretOfTheIssueIsRedactedWhereItStood() {
        XCTAssertEqual(cleaned("https://127.0.0.1/auth/magic/\(Self.jwt)"), "https://127.0.0.1/auth/magic/:redacted")
        XCTAssertEqual(cleaned("https://127.0.0.1/reset-password/\(Self.resetToken)?utm_source=mail"),
                       "https://127.0.0.1/reset-password/:redacted?utm_source=mail")
        XCTAssertEqual(cleaned("myapp://verify/\(Self.verificationToken)"), "myapp://verify/:redacted")
        XCTAssertEqual(cleaned("https://127.0.0.1/items;session=\(Self.sessionToken);color=red/list"),
                       "https://127.0.0.1/items;color=red/list")
        // The shape holds around a secret in the middle, with a trailing slash and an empty segment.
        XCTAssertEqual(cleaned("https://127.0.0.1/a/\(Self.resetToken)/b//c/"), "https://127.0.0.1/a/:redacted/b//c/")
    }

    func test63_ordinaryPathsStay() {
        for link in [
            "https://127.0.0.1/products/42/reviews?tab=recent",
            "https://127.0.0.1/posts/post-17",
            "https://127.0.0.1/articles/swift-concurrency-explained-for-ui-kit-developers-2024",
            "https://127.0.0.1/users/1234567890123456789/settings",
            "myapp://item/42",
            "https://127.0.0.1/wiki/List_of_Nobel_laureates_in_Physics",
            "https://127.0.0.1/files/report.final.pdf",
            "https://127.0.0.1/shop/iPhone15ProMax",
        ] {
            XCTAssertEqual(cleaned(link), link)
        }
    }

    func test63_eachRuleAlone() {
        // A secret percent-encoded is read decoded; a secret inside a longer segment removes the segment.
        XCTAssertEqual(cleaned("myapp://x/%65yJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0."), "myapp://x/:redacted")
        XCTAssertEqual(cleaned("myapp://x/reset-\(Self.resetToken).html"), "myapp://x/:redacted")
        // 31 hexadecimal digits stay (digits alone, so no other rule applies); 32 go.
        let digits = String(repeating: "0123456789", count: 4)
        XCTAssertEqual(cleaned("myapp://x/" + digits.prefix(31)), "myapp://x/" + digits.prefix(31))
        XCTAssertEqual(cleaned("myapp://x/" + digits.prefix(32)), "myapp://x/:redacted")
        // A base-36 token (letters and digits, no separator), and a UUID.
        XCTAssertEqual(cleaned("myapp://x/k3j4h5g6f7d8s9a0q1w2e3r4t5"), "myapp://x/:redacted")
        XCTAssertEqual(cleaned("myapp://orders/3F2504E0-4F89-11D3-9A0C-0305E82C3301/receipt"), "myapp://orders/:redacted/receipt")
        // A matrix parameter's secret value, its name kept.
        XCTAssertEqual(cleaned("myapp://x/list;state=\(Self.jwt);page=2"), "myapp://x/list;state=:redacted;page=2")
    }

    func test63_oddPathsAreCleanedWithoutACrash() {
        // No authority: the path is the whole rest, its first segment redacted all the same.
        XCTAssertEqual(cleaned("myapp:\(Self.jwt)"), "myapp::redacted")
        XCTAssertEqual(cleaned("myapp:/\(Self.resetToken)/x"), "myapp:/:redacted/x")
        // Non-ASCII characters, a lone `;` and empty matrix parameters.
        XCTAssertEqual(cleaned("https://127.0.0.1/caf%C3%A9/\(Self.resetToken);;=;x"), "https://127.0.0.1/caf%C3%A9/:redacted;=;x")
        XCTAssertEqual(cleaned("https://127.0.0.1/;"), "https://127.0.0.1/")
        // An invalid escape: Foundation's parser refuses it or escapes it in turn (`%25ZZ`, on Linux); either way
        // the token is not recorded.
        if case .success(let link) = DeepLinkURL.cleaned("https://127.0.0.1/%ZZ/\(Self.resetToken)", policy: .default, pathPolicy: .default) {
            XCTAssertFalse(link.string.contains(Self.resetToken))
        }
    }

    func test63_templatesMarkAShortSegmentSecretAndKeepALongOne() {
        let policy = DeepLinkPathPolicy.redactingSecrets(
            secretTemplates: ["/reset-password/:token", "/invite/:code"],
            keptTemplates: ["/builds/:sha", "/reset-password/:token"]
        )
        XCTAssertEqual(cleaned("https://127.0.0.1/invite/A7", pathPolicy: policy), "https://127.0.0.1/invite/:redacted")
        // For a custom scheme the host is the template's first segment.
        XCTAssertEqual(cleaned("myapp://invite/A7?ref=1", pathPolicy: policy), "myapp://invite/:redacted?ref=1")
        XCTAssertEqual(cleaned("https://127.0.0.1/reset-password/abc", pathPolicy: policy), "https://127.0.0.1/reset-password/:redacted")
        XCTAssertEqual(cleaned("https://127.0.0.1/builds/\(Self.resetToken)", pathPolicy: policy), "https://127.0.0.1/builds/\(Self.resetToken)")
        // A path of another shape is judged by its look.
        XCTAssertEqual(cleaned("https://127.0.0.1/builds/\(Self.resetToken)/log", pathPolicy: policy), "https://127.0.0.1/builds/:redacted/log")
        XCTAssertEqual(cleaned("https://127.0.0.1/invitations/A7", pathPolicy: policy), "https://127.0.0.1/invitations/A7")
        XCTAssertEqual(policy.secretTemplates, ["/reset-password/:token", "/invite/:code"])
        XCTAssertFalse(policy.isStrict)
    }

    func test63_uuidsAreSecretByDefaultAndKeptOnRequest() {
        let link = "https://127.0.0.1/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        XCTAssertEqual(cleaned(link), "https://127.0.0.1/orders/:redacted")
        XCTAssertEqual(cleaned(link, pathPolicy: .redactingSecrets(uuidsAreSecret: false)), link)
        XCTAssertEqual(cleaned(link, pathPolicy: .redactingSecrets(keptTemplates: ["/orders/:id"])), link)
    }

    func test63_aStrictPolicyKeepsOnlyWhatItsTemplatesGive() {
        let policy = DeepLinkPathPolicy.keepingOnly(["/products/:id/reviews", "/posts/:slug"], secretTemplates: ["/invite/:code"])
        XCTAssertEqual(cleaned("https://127.0.0.1/products/42/reviews", pathPolicy: policy), "https://127.0.0.1/products/42/reviews")
        XCTAssertEqual(cleaned("https://127.0.0.1/posts/post-17", pathPolicy: policy), "https://127.0.0.1/posts/post-17")
        XCTAssertEqual(cleaned("https://127.0.0.1/invite/A7", pathPolicy: policy), "https://127.0.0.1/invite/:redacted")
        XCTAssertEqual(cleaned("https://127.0.0.1/account/delete/now", pathPolicy: policy), "https://127.0.0.1/:redacted/:redacted/:redacted")
        XCTAssertEqual(cleaned("myapp://somewhere/else;color=red;token=x", pathPolicy: policy), "myapp://somewhere/:redacted;color=red")
        XCTAssertTrue(policy.isStrict)
    }

    func test63_matrixParametersFollowTheQueryPolicysNames() {
        let link = "https://127.0.0.1/items;Access_Token=a;jsessionid=b;color=red;size=9/list;token%5B%5D=c"
        XCTAssertEqual(cleaned(link), "https://127.0.0.1/items;color=red;size=9/list")
        XCTAssertEqual(cleaned(link, policy: .keepingOnly(["size"])), "https://127.0.0.1/items;size=9/list")
    }

    func test63_theTrackerRecordsWithItsPathPolicyAndCleansAURLReferrer() {
        let directory: URL = self.directory
        MainActor.assumeIsolated {
            let log = DiagnosticLog()
            let sink = InMemoryTrackingSink()
            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: log)
            configuration.storageDirectory = directory
            XCTAssertEqual(configuration.deepLinkPathPolicy, .default)
            configuration.deepLinkPathPolicy = .redactingSecrets(secretTemplates: ["/invite/:code"])
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            tracker.openURL("myapp://invite/A7", referringApplication: "https://127.0.0.1/auth/magic/\(Self.jwt)?token=t&utm_source=mail")
            tracker.openURL(URL(string: "https://127.0.0.1/reset-password/\(Self.resetToken)")!, referringApplication: "com.apple.mobilemail")
            tracker.openURL("myapp://item/42", referringApplication: "https://")
            XCTAssertEqual(sink.events.map(\.description), [
                #"track Deep Link Opened {referring_application="https://127.0.0.1/auth/magic/:redacted?utm_source=mail", url="myapp://invite/:redacted"}"#,
                #"track Deep Link Opened {referring_application="com.apple.mobilemail", url="https://127.0.0.1/reset-password/:redacted"}"#,
                #"track Deep Link Opened {url="myapp://item/42"}"#,
            ])
            XCTAssertEqual(log.all.map(\.message), ["referring_application not recorded: the HTTP(S) URL has no host"])
        }
    }

    // MARK: - Helpers

    private func cleaned(
        _ string: String, policy: DeepLinkQueryPolicy = .default, pathPolicy: DeepLinkPathPolicy = .default,
        file: StaticString = #filePath, line: UInt = #line
    ) -> String? {
        switch DeepLinkURL.cleaned(string, policy: policy, pathPolicy: pathPolicy) {
        case .success(let link): return link.string
        case .failure(let problem):
            XCTFail("\(problem)", file: file, line: line)
            return nil
        }
    }
}
