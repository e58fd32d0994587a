import TestSupport
import XCTest
import HeadlessUIKit

/// `UIWindowScene.windows`: UIKit's order (level, then showing order, back to front), kept between calls until
/// a window joins, leaves, is shown or hidden, or changes level; windows are still held weakly.
final class WindowSceneWindowsTests: HeadlessTestCase {
    func testTheOrderFollowsEveryChangeAndIsKeptInBetween() {
        MainActor.assumeIsolated {
            let scene = Headless.windowScene
            let first = shownWindow()
            let second = shownWindow()
            XCTAssertTrue(scene.windows.elementsEqual([first, second], by: ===))
            XCTAssertEqual(address(of: scene.windows), address(of: scene.windows), "no new array when nothing changed")

            first.windowLevel = .alert
            XCTAssertTrue(scene.windows.elementsEqual([second, first], by: ===), "a level change reorders")
            first.windowLevel = .normal
            XCTAssertTrue(scene.windows.elementsEqual([first, second], by: ===))

            first.isHidden = true
            first.isHidden = false
            XCTAssertTrue(scene.windows.elementsEqual([second, first], by: ===), "showing again moves to the front")

            let third = UIWindow(windowScene: scene)
            XCTAssertTrue(scene.windows.elementsEqual([third, second, first], by: ===), "a window never shown sorts behind the shown ones of its level")
            third.windowScene = nil
            XCTAssertTrue(scene.windows.elementsEqual([second, first], by: ===))
        }
    }

    func testAWindowReleasedByTheAppIsNotKeptByTheScene() {
        MainActor.assumeIsolated {
            let scene = Headless.windowScene
            let kept = shownWindow()
            weak var weakReleased: UIWindow?
            do {
                let released = shownWindow()
                weakReleased = released
                XCTAssertEqual(scene.windows.count, 2)
            }
            XCTAssertTrue(scene.windows.elementsEqual([kept], by: ===))
            XCTAssertNil(weakReleased)
        }
    }
}

@MainActor
private func shownWindow() -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    window.isHidden = false
    return window
}

private func address(of array: [UIWindow]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
}
