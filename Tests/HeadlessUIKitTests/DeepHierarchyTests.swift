import XCTest
import HeadlessUIKit

/// Hierarchy operations stay iterative, so absurdly deep hierarchies neither overflow the stack when built,
/// shown, laid out and converted nor when released.
final class DeepHierarchyTests: XCTestCase {
    func testHundredThousandDeepHierarchyIsBuiltShownLaidOutAndReleased() {
        MainActor.assumeIsolated {
            Headless.reset()
            weak var weakLeaf: UIView?
            do {
                let window = UIWindow(frame: UIScreen.main.bounds)
                window.makeKeyAndVisible()
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                var leaf = root
                for _ in 0..<100_000 {
                    let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                    leaf.addSubview(child)
                    leaf = child
                }
                window.addSubview(root)
                Headless.runUpdateCycle()
                XCTAssertTrue(leaf.window === window)
                XCTAssertEqual(leaf.convert(CGPoint(x: 1, y: 1), to: nil), CGPoint(x: 1, y: 1))
                weakLeaf = leaf
                root.removeFromSuperview()
                window.isHidden = true
            }
            XCTAssertNil(weakLeaf, "the whole chain was released without overflowing the stack")
        }
    }
}
