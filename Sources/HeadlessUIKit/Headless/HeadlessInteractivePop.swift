/// An interactive pop in progress (``Headless/beginInteractivePop(in:)``): finish it, or cancel it as a
/// user who lets go early does. A cancelled pop gives the top controller `viewWillDisappear`,
/// `viewWillAppear`, `viewDidAppear` and no `viewDidDisappear`, as in UIKit.
@MainActor
public struct HeadlessInteractivePop {
    private let end: (Bool) -> Void

    init(end: @escaping (Bool) -> Void) {
        self.end = end
    }

    /// Completes the pop.
    public func finish() {
        end(true)
    }

    /// Cancels the pop: the top controller stays.
    public func cancel() {
        end(false)
    }
}
