#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import LoopbackCollector
import Tracking
import TestSupport

/// One run of the demo's scripted session as the demo runs it, except for a manual tracking clock: events
/// go to an in-memory sink and, through a ``DemoDelivery``, to a loopback collector in the test process;
/// after the script the run flushes and waits, running the main run loop, for at most 10 s.
@MainActor
struct DemoSessionRun {
    // MARK: - Internal

    static let writeKey = "sightline-demo"

    let sink: InMemoryTrackingSink
    let driver: ManualClockSessionDriver
    let report: ScanReport
    /// For each step, the impressions it recorded, as `feed_cell#post-3 on feed`.
    let impressionsByStep: [Set<String>]
    /// Step 13's login screen time, measured both ways.
    let screenTimeComparison: ScreenTimeComparison?
    let scanModes: [RunLoop.Mode?]
    let collector: LoopbackCollector
    let delivery: DemoDelivery
    /// What the closing flush did, or `nil` if it did not end in time.
    let flush: DeliveryFlushSummary?
    /// Every diagnostic of the tracker and the delivery sink.
    let diagnostics: DiagnosticLog

    /// Runs the script, with the tracker's debug overlay on when `overlay` is and exposure reporting on when
    /// `exposure` is (the demo's `--overlay` and `--exposure`), delivering in `destination`'s format. Call
    /// ``finish()`` when done with the run.
    static func start(
        overlay: Bool = false, exposure: Bool = false, destination: DeliveryDestination = .segment
    ) throws -> DemoSessionRun {
        let clock = ManualTrackingClock()
        let collector = try LoopbackCollector()
        let diagnostics = DiagnosticLog()
        let delivery = try DemoDelivery(
            endpoint: TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(collector.port), path: destination.defaultEndpoint.path),
            writeKey: writeKey, destination: destination, clock: clock, diagnosticHandler: { diagnostics.append($0) }
        )
        var configuration = TrackingConfiguration()
        configuration.clock = clock
        configuration.scansPerSecond = 10
        configuration.minimumVisibleDuration = 0.3
        configuration.storageDirectory = delivery.trackerDirectory
        configuration.capturesDeadTaps = true
        configuration.reportsElementExposure = exposure
        configuration.diagnosticHandler = { diagnostics.append($0) }
        let sink = InMemoryTrackingSink()
        // Built in `application(_:didFinishLaunchingWithOptions:)`, as on a device: Installed, then Opened, with
        // the version and build of the app's Info.plist (`Headless.reset()` forgets them).
        Headless.mainBundleInfo = SampleApp.infoPlist
        var launched: SampleApp?
        let tapSink = ScanReportTapSink()
        Headless.launch {
            launched = SampleApp(
                windowScene: Headless.windowScene, trackingConfiguration: configuration, sinks: [sink, delivery.sink, tapSink]
            )
        }
        let app = launched!
        let driver = ManualClockSessionDriver(clock: clock)
        driver.tracker = app.tracker
        app.tracker.showsDebugOverlay = overlay
        let report = ScanReport(window: app.window, tracker: app.tracker, startDate: clock.now().date)
        tapSink.report = report
        var scanModes: [RunLoop.Mode?] = []
        app.tracker.scanObserver = { summary in
            scanModes.append(RunLoop.current.currentMode)
            report.record(summary)
        }
        var impressionsByStep: [Set<String>] = []
        var eventsBeforeStep = 0
        let session = DemoSession(app: app, driver: driver, dwell: 0.4)
        session.onStep = { step in
            if step.number > 1 {
                impressionsByStep.append(impressions(in: sink.events.dropFirst(eventsBeforeStep)))
            }
            eventsBeforeStep = sink.events.count
            report.currentStep = step
        }
        defer { app.tracker.stop() }

        do {
            try session.run()
        } catch {
            collector.stop()
            delivery.removeStorage()
            throw error
        }
        impressionsByStep.append(impressions(in: sink.events.dropFirst(eventsBeforeStep)))
        app.tracker.stop()
        let flush = delivery.flushAndWait(timeout: 60) { Headless.runMainRunLoop(for: 0.01) }
        return DemoSessionRun(
            sink: sink, driver: driver, report: report, impressionsByStep: impressionsByStep,
            screenTimeComparison: session.screenTimeComparison, scanModes: scanModes,
            collector: collector, delivery: delivery, flush: flush, diagnostics: diagnostics
        )
    }

    /// Stops the collector, removes the run's storage and forgets the app's Info.plist entries.
    func finish() {
        Headless.mainBundleInfo = [:]
        collector.stop()
        delivery.removeStorage()
    }

    /// `post_detail#post-6`, or the bare name.
    nonisolated static func label(_ event: TrackingEvent) -> String {
        event.identifier.map { "\(event.name)#\($0)" } ?? event.name
    }

    /// `profile#user-1`, or the bare name.
    nonisolated static func label(_ screen: TrackingScreen) -> String {
        screen.identifier.map { "\(screen.screenName)#\($0)" } ?? screen.screenName.rawValue
    }

    // MARK: - Private

    private nonisolated static func impressions(in events: ArraySlice<TrackingEvent>) -> Set<String> {
        Set(events.filter { $0.kind == .impression }.map { "\(label($0)) on \($0.screen.map(label) ?? "-")" })
    }
}
