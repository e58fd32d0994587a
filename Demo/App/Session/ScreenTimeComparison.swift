import Foundation

/// One screen's time measured two ways: the `Screen Ended` events' `visible_ms` (what the scans saw) and
/// `viewDidAppear`→`viewDidDisappear` (what a lifecycle behaviour sees), on the same clock.
///
/// ```swift
/// ScreenTimeComparison(screen: "login", visibleMilliseconds: [500], appearedMilliseconds: 2_500).description
/// // "login: Screen Ended visible_ms 500 (1 span); viewDidAppear→viewDidDisappear 2500 ms"
/// ```
public struct ScreenTimeComparison: Sendable, Hashable, CustomStringConvertible {
    // MARK: - Public

    /// The screen's analytics name.
    public var screen: String
    /// The `visible_ms` of each of the screen's `Screen Ended` events over the appearance, in order.
    public var visibleMilliseconds: [Int]
    /// Milliseconds from `viewDidAppear` to `viewDidDisappear`.
    public var appearedMilliseconds: Int

    /// Creates a comparison.
    /// - Parameters:
    ///   - screen: The screen's analytics name.
    ///   - visibleMilliseconds: The `visible_ms` of each `Screen Ended` event over the appearance.
    ///   - appearedMilliseconds: Milliseconds from `viewDidAppear` to `viewDidDisappear`.
    public init(screen: String, visibleMilliseconds: [Int], appearedMilliseconds: Int) {
        self.screen = screen
        self.visibleMilliseconds = visibleMilliseconds
        self.appearedMilliseconds = appearedMilliseconds
    }

    /// `login: Screen Ended visible_ms 500 (1 span); viewDidAppear→viewDidDisappear 2500 ms`.
    public var description: String {
        let spans = visibleMilliseconds.count == 1 ? "1 span" : "\(visibleMilliseconds.count) spans: "
            + visibleMilliseconds.map(String.init).joined(separator: " + ")
        return "\(screen): Screen Ended visible_ms \(visibleMilliseconds.reduce(0, +)) (\(spans)); "
            + "viewDidAppear→viewDidDisappear \(appearedMilliseconds) ms"
    }
}
