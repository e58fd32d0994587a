#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import XCTest

/// A test case that starts and ends every test with a fresh headless UIKit (`Headless.reset()`): no window,
/// presentation or pending run-loop work of one test reaches the next.
open class HeadlessTestCase: XCTestCase {
    override open func setUp() {
        super.setUp()
        MainActor.assumeIsolated { Headless.reset() }
    }

    override open func tearDown() {
        MainActor.assumeIsolated { Headless.reset() }
        super.tearDown()
    }
}
