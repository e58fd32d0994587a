#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import Tracking

// `swift run Demo`: the sample app, driven headlessly through a scripted session on the real main run loop.

let arguments: DemoArguments
switch DemoArguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed):
    arguments = parsed
case .failure(let error):
    if let message = error.message {
        FileHandle.standardError.write(Data("Demo: \(message)\n\(DemoArguments.UsageError.usage)\n".utf8))
        exit(64)
    }
    print(DemoArguments.UsageError.usage)
    exit(0)
}

let startDate = Date()
let console = ConsoleEventSink(startDate: startDate)
var configuration = TrackingConfiguration()
configuration.scansPerSecond = 10
configuration.minimumVisibleDuration = 0.3

Headless.reset()
let app = SampleApp(windowScene: Headless.windowScene, trackingConfiguration: configuration, sinks: [console])
let report = ScanReport(window: app.window, tracker: app.tracker, startDate: startDate)
app.tracker.scanObserver = { summary in report.record(summary) }

let driver = HeadlessSessionDriver()
driver.tracker = app.tracker
let session = DemoSession(app: app, driver: driver, dwell: 0.4)
session.onStep = { step in
    report.currentStep = step
    print("▶ \(step) — \(step.expectation)")
}

print("Sightline demo: a sample app (login flow, then a tab bar with feed, profile and settings), driven by a script.")
print("Tracker: \(Int(configuration.scansPerSecond)) scans/s at most, only when the run loop is idle; an element counts")
print("after \(configuration.minimumVisibleDuration) s at \(Int(configuration.minimumVisibleRatio * 100)) % visible. Columns: time, screen, event, name.\n")

var failure: (any Error)?
do {
    try session.run()
} catch {
    failure = error
}
app.tracker.stop()

let statistics = app.tracker.statistics
let summary = "Demo finished: \(console.screenViews) screen views, \(console.impressions) impressions, "
    + "\(statistics.scanCount) scans, \(String(format: "%.1f", statistics.totalScanDuration * 1000)) ms scanning"
let page = ScanReportHTML(
    title: "Sightline demo: what each scan saw",
    summary: summary,
    details: [
        "\(report.pictures.count) of \(report.scansSeen) scans shown: those that recorded events or changed the visible set.",
        "Tracker: \(Int(configuration.scansPerSecond)) scans/s at most, visible at ≥ \(Int(configuration.minimumVisibleRatio * 100)) % "
            + "for ≥ \(configuration.minimumVisibleDuration) s; window \(Int(app.window.bounds.width))×\(Int(app.window.bounds.height)) pt.",
    ],
    pictures: report.pictures
)

var exitCode: Int32 = 0
if let failure {
    FileHandle.standardError.write(Data("Demo: the script stopped at \(failure)\n".utf8))
    exitCode = 1
}
do {
    try page.render().write(to: arguments.reportURL, atomically: true, encoding: .utf8)
    print("\nReport: \(arguments.reportURL.path) (\(report.pictures.count) scans pictured)")
} catch {
    FileHandle.standardError.write(Data("Demo: could not write the report to \(arguments.reportURL.path): \(error.localizedDescription)\n".utf8))
    exitCode = 1
}
print(summary)
exit(exitCode)
