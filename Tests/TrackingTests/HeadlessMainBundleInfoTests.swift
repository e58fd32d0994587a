import Foundation
import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

#if !canImport(UIKit)
/// Without UIKit the process has no Info.plist: the tracker's context reads the headless app's
/// (`Headless.mainBundleInfo`), so lifecycle events carry the version and build a device would send.
final class HeadlessMainBundleInfoTests: HeadlessTestCase {
    func testTheContextAndTheLifecycleEventsCarryTheHeadlessInfoPlistsVersionAndBuild() {
        MainActor.assumeIsolated {
            Headless.mainBundleInfo = ["CFBundleShortVersionString": "1.4.0", "CFBundleVersion": "27", "CFBundleDisplayName": "Sample"]
            let context = TrackingContext.current()
            XCTAssertEqual(context.app.version, "1.4.0")
            XCTAssertEqual(context.app.build, "27")
            XCTAssertEqual(context.app.name, "Sample")

            var configuration = TrackingConfiguration.testing(clock: ManualTrackingClock(), log: DiagnosticLog())
            configuration.tracksApplicationLifecycleEvents = true
            let sink = InMemoryTrackingSink()
            var tracker: Tracker?
            Headless.launch {
                tracker = Tracker(configuration: configuration, sinks: [sink], runLoop: .main, notificationCenter: .default)
            }
            XCTAssertEqual(sink.events.map(\.description), [
                #"track Application Installed {build="27", version="1.4.0"}"#,
                #"track Application Opened {build="27", from_background=false, version="1.4.0"}"#,
            ])
            tracker?.stop()
            try? FileManager.default.removeItem(at: configuration.storageDirectory)
        }
    }

    func testResetForgetsTheEntriesAndOtherBundlesNeverSeeThem() throws {
        let bundle = try XCTUnwrap(Bundle(path: FileManager.default.temporaryDirectory.path))
        MainActor.assumeIsolated {
            Headless.mainBundleInfo = ["CFBundleShortVersionString": "1.4.0", "CFBundleVersion": "27"]
            XCTAssertEqual(TrackingContext.current(bundle: bundle).app.version, "")
            Headless.reset()
            XCTAssertEqual(Headless.mainBundleInfo, [:])
            XCTAssertEqual(TrackingContext.current().app.version, "")
            XCTAssertEqual(TrackingContext.current().app.build, "")
        }
    }
}
#endif
