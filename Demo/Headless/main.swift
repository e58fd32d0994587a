#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import Tracking

// `swift run Demo`: the sample app, driven headlessly through a scripted session on the real main run loop,
// its events stored, batched and uploaded to a collector on 127.0.0.1 (or the one given with --endpoint);
// with --overlay, the tracker's debug overlay is on and the report pictures it.

let arguments: DemoArguments
switch DemoArguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed):
    arguments = parsed
case .failure(let error):
    if let message = error.message {
        FileHandle.standardError.write(Data("Demo: \(message)\n\(DemoArguments.UsageError.usage)\n".utf8))
        exit(2)
    }
    print(DemoArguments.UsageError.usage)
    exit(0)
}

/// How long the closing flush may take before the demo gives up on it.
let flushTimeout: TimeInterval = 10

let startDate = Date()
let console = ConsoleEventSink(startDate: startDate)
let target: DeliveryTarget
let delivery: DemoDelivery
do {
    target = try DeliveryTarget(endpoint: arguments.endpoint, destination: arguments.destination)
    delivery = try DemoDelivery(endpoint: target.endpoint, writeKey: arguments.writeKey, destination: arguments.destination, onUpload: { report in
        // On the main thread, between the events it followed: the driver keeps the main run loop running.
        DispatchQueue.main.async { print(console.line(for: report)) }
    })
} catch {
    FileHandle.standardError.write(Data("Demo: could not set up delivery: \(error)\n".utf8))
    exit(1)
}

var configuration = TrackingConfiguration()
configuration.scansPerSecond = 10
configuration.minimumVisibleDuration = 0.3
configuration.storageDirectory = delivery.trackerDirectory
// Dead taps are opt-in; the demo shows them.
configuration.capturesDeadTaps = true
configuration.reportsElementExposure = arguments.reportsExposure

print("Sightline demo: a sample app (login flow, then a tab bar with feed, profile and settings), driven by a script.")
print("Tracker: \(Int(configuration.scansPerSecond)) scans/s at most, only when the run loop is idle; an element counts")
print("after \(configuration.minimumVisibleDuration) s at \(Int(configuration.minimumVisibleRatio * 100)) % visible. Columns: time, screen, event, name.")
print("Delivery: each event is stored on disk, batched (every \(delivery.sink.configuration.flushAt) events, on backgrounding, "
    + "at the end)\nand uploaded (↑) in \(arguments.destination)'s format to \(target.description), key \(arguments.writeKey).\n")

Headless.reset()
// What the app's Info.plist holds on a device: its version and build, read by the tracker's lifecycle events.
Headless.mainBundleInfo = SampleApp.infoPlist
// The process launches as on a device: the app builds its tracker in `application(_:didFinishLaunchingWithOptions:)`,
// then UIKit connects the scene and makes it active (the tracker records Application Installed, then Opened).
var launchedApp: SampleApp?
let tapSink = ScanReportTapSink()
Headless.launch {
    launchedApp = SampleApp(
        windowScene: Headless.windowScene, trackingConfiguration: configuration, sinks: [console, delivery.sink, tapSink]
    )
}
let app = launchedApp!
app.tracker.showsDebugOverlay = arguments.showsOverlay
let report = ScanReport(window: app.window, tracker: app.tracker, startDate: startDate)
app.tracker.scanObserver = { summary in report.record(summary) }
tapSink.report = report

let driver = HeadlessSessionDriver()
driver.tracker = app.tracker
let session = DemoSession(app: app, driver: driver, dwell: 0.4)
session.onStep = { step in
    report.currentStep = step
    print("▶ \(step) — \(step.expectation)")
}
session.onScreenTime = { comparison in print("   ⏱ \(comparison)") }


var failure: (any Error)?
do {
    try session.run()
} catch {
    failure = error
}
// A pause on a static screen once its impressions are decided: change-driven scans cost nothing there.
Headless.runMainRunLoop(for: configuration.minimumVisibleDuration + 0.5)
let rest = RestPhase.measure(seconds: 3) { app.tracker.statistics.scanCount }
print("▶ Rest — 3 s on a static screen: \(rest.scans) scans, \(rest.wakes) wakes of the main run loop")
app.tracker.stop()

print("▶ End — flush what is still queued and wait for the collector's answer (at most \(Int(flushTimeout)) s)")
let flush = delivery.flushAndWait(timeout: flushTimeout) { Headless.runMainRunLoop(for: 0.01) }
Headless.runMainRunLoop(for: 0.01)
let batches = target.batches(from: delivery, events: console.events)
target.stop()
let messageIds = batches.deliveredMessages.map(\.messageId)
print("\n\(target.receiver) \(batches.count) requests; \(messageIds.count) messages accepted, \(Set(messageIds).count) distinct messageIds; "
    + "\(Set(console.events.map { $0.id.uuidString.lowercased() }).subtracting(messageIds).count) of \(console.events.count) recorded events missing.")
let statistics = app.tracker.statistics
let deliveryStatistics = delivery.sink.statistics
let summary = DemoSummary(
    screenViews: console.screenViews, screenEnds: console.screenEnds, impressions: console.impressions, scans: statistics.scanCount,
    scanDuration: statistics.totalScanDuration, batches: batches
)
var page = ScanReportHTML(
    title: "Sightline demo: what each scan saw",
    summary: summary.line,
    details: [
        "\(report.pictures.count) of \(report.scansSeen) scans shown: those that recorded events or changed the visible set.",
        "Tracker: \(Int(configuration.scansPerSecond)) scans/s at most, visible at ≥ \(Int(configuration.minimumVisibleRatio * 100)) % "
            + "for ≥ \(configuration.minimumVisibleDuration) s; window \(Int(app.window.bounds.width))×\(Int(app.window.bounds.height)) pt.",
    ],
    pictures: report.pictures,
    batches: batches,
    deliveryNote: "Uploaded to \(target.description), write key \(arguments.writeKey): \(console.events.count) events recorded, "
        + "\(batches.deliveredMessages.count) delivered."
)
page.feedPostCount = app.dependencies.posts.posts.count
page.heatmaps = report.heatmaps

var exitCode: Int32 = 0
if let failure {
    FileHandle.standardError.write(Data("Demo: the script stopped at \(failure)\n".utf8))
    exitCode = 1
}
let undelivered = console.events.count - batches.deliveredMessages.count
if flush == nil || undelivered > 0 {
    let why = flush == nil
        ? "the upload did not finish within \(Int(flushTimeout)) s"
        : "the collector did not take them before the end; the run's queue is removed with its storage"
    let message = "Demo: \(undelivered) of \(console.events.count) events not delivered "
        + "(\(deliveryStatistics.queued) still queued; \(why))\n"
    FileHandle.standardError.write(Data(message.utf8))
    // Over loopback everything must arrive; a collector elsewhere may be down, which the SDK tolerates.
    if arguments.endpoint == nil { exitCode = 1 }
}
do {
    try page.render().write(to: arguments.reportURL, atomically: true, encoding: .utf8)
    print("\nReport: \(arguments.reportURL.path) (\(report.pictures.count) scans pictured, \(batches.count) requests listed)")
} catch {
    FileHandle.standardError.write(Data("Demo: could not write the report to \(arguments.reportURL.path): \(error.localizedDescription)\n".utf8))
    exitCode = 1
}
delivery.removeStorage()
print(summary.line + "; at rest 3 s: \(rest.scans) scans, \(rest.wakes) wakes")
exit(exitCode)
