import Foundation
import XCTest

/// Runs the main run loop for tests on events, never for a fixed time: until a condition holds, or until a
/// witness timer has fired a number of times. Both are bounded by a minute, which only a hang reaches, so
/// a busy machine makes them slower, never wrong.
public enum MainRunLoop {
    /// The most seconds any wait runs before it fails the test.
    public static let bound: TimeInterval = 60

    /// Runs the main run loop in `mode`, in short turns, until `condition` holds; fails the test if it
    /// does not hold within ``bound`` seconds.
    /// - Parameters:
    ///   - mode: The run-loop mode to run in.
    ///   - condition: What to wait for; checked between turns.
    /// - Returns: The seconds it took.
    @MainActor
    @discardableResult
    public static func run(
        _ mode: RunLoop.Mode = .default, until condition: () -> Bool,
        file: StaticString = #filePath, line: UInt = #line
    ) -> TimeInterval {
        let start = Date()
        let deadline = start.addingTimeInterval(bound)
        // Short turns: a run of the loop returns only at its limit when timers are all that fire.
        while !condition(), Date() < deadline {
            _ = RunLoop.main.run(mode: mode, before: min(deadline, Date().addingTimeInterval(0.005)))
        }
        XCTAssertTrue(condition(), "not reached within \(bound) s", file: file, line: line)
        return Date().timeIntervalSince(start)
    }

    /// Runs the main run loop in `mode` until a repeating witness timer of `interval` seconds, added to
    /// that mode now, has fired `ticks` times: a window that every other timer of that interval on the
    /// main run loop also spans, with the loop idle in between, however late each fire comes. A test
    /// asserting that nothing happened waits for this barrier, not for a number of seconds.
    /// - Parameters:
    ///   - mode: The run-loop mode to run in.
    ///   - ticks: How many times the witness must fire.
    ///   - interval: The witness's interval: the interval of the timer whose silence is asserted.
    @MainActor
    public static func run(
        _ mode: RunLoop.Mode = .default, throughTicks ticks: Int, every interval: TimeInterval,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let fires = FireCount()
        let witness = Timer(timeInterval: interval, repeats: true) { _ in fires.increment() }
        RunLoop.main.add(witness, forMode: mode)
        defer { witness.invalidate() }
        run(mode, until: { fires.value >= ticks }, file: file, line: line)
    }
}

/// How many times the witness timer fired; it fires on the main thread only.
private final class FireCount: @unchecked Sendable {
    private(set) var value = 0

    func increment() { value += 1 }
}
