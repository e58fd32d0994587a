@testable import Tracking
import TestSupport
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A seeded random scene for property tests: a few windows (levels, frames, alpha, backgrounds, some
/// hidden), random trees of views with random frames, bounds origins (scroll offsets), transforms,
/// hiding, alpha, clipping, opaque or translucent backgrounds, tracked elements, and controllers with
/// screens (as window roots or embedded views). Geometry is integral or a power-of-two fraction, so
/// every computation is exact and the scanner and the oracle can be compared tightly.
@MainActor
struct RandomHierarchy {
    /// Every window, in the order it was shown (later shown is in front within a level).
    var windows: [UIWindow] = []
    /// Every view created, windows excluded.
    var views: [UIView] = []
    /// Keeps controllers alive (an embedded controller's view does not own it).
    var controllers: [UIViewController] = []
    /// Where this scene's components go.
    let store: TrackingComponentStore

    init(seed: UInt64, store: TrackingComponentStore) {
        self.store = store
        var random = SplitMix64(seed: seed)
        let windowCount = Int(random.next() % 3) + 1
        for windowNumber in 0..<windowCount {
            let frame = random.chance(0.7)
                ? CGRect(x: 0, y: 0, width: 320, height: 480)
                : CGRect(x: 20, y: 40, width: 200, height: 300)
            let window = UIWindow(frame: frame)
            window.windowLevel = random.pick([.normal, .normal, .alert])
            window.alpha = random.pick([1, 1, 1, 0.5])
            window.backgroundColor = random.pick(Self.colors)
            var parents: [UIView] = [window]
            if random.chance(0.3) {
                let root = UIViewController()
                if random.chance(0.7) { store.setScreen(screen(windowNumber, -1), for: root) }
                window.rootViewController = root
                root.view.backgroundColor = random.pick(Self.colors)
                controllers.append(root)
                parents.append(root.view)
                views.append(root.view)
            }
            let count = Int(random.next() % 18) + 3
            for number in 0..<count {
                let parent = parents[Int(random.next() % UInt64(parents.count))]
                let view: UIView
                if random.chance(0.1) {
                    let controller = UIViewController()
                    if random.chance(0.7) { store.setScreen(screen(windowNumber, number), for: controller) }
                    controllers.append(controller)
                    view = controller.view
                } else {
                    view = UIView()
                }
                configure(view, &random)
                if random.chance(0.45) {
                    store.setElement(TrackingElement(elementType: "view", identifier: "\(windowNumber)-\(number)"), for: view)
                }
                parent.addSubview(view)
                parents.append(view)
                views.append(view)
            }
            // Shown last, so that its whole tree joins at once; some stay hidden.
            if random.chance(0.9) { window.isHidden = false }
            windows.append(window)
        }
    }

    /// The shown windows, front-most first: higher level first, then later shown first.
    var frontToBackWindows: [UIWindow] {
        windows.enumerated()
            .filter { !$0.element.isHidden }
            .sorted { lhs, rhs in
                lhs.element.windowLevel != rhs.element.windowLevel
                    ? lhs.element.windowLevel > rhs.element.windowLevel
                    : lhs.offset > rhs.offset
            }
            .map(\.element)
    }

    /// Removes the scene's windows from the app.
    func tearDown() {
        for window in windows {
            window.isHidden = true
            window.rootViewController = nil
        }
    }

    // MARK: - Private

    private static let colors: [UIColor?] = [
        nil, nil, UIColor(white: 1, alpha: 1), UIColor(white: 1, alpha: 1), UIColor(white: 0, alpha: 0.5),
        UIColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1),
    ]

    private func screen(_ window: Int, _ number: Int) -> TrackingScreen {
        TrackingScreen(screenName: "screen", identifier: "\(window)-\(number)")
    }

    private func configure(_ view: UIView, _ random: inout SplitMix64) {
        func integer(_ range: ClosedRange<Int>) -> CGFloat {
            CGFloat(range.lowerBound + Int(random.next() % UInt64(range.count)))
        }
        let width = random.chance(0.05) ? 0 : integer(1...250)
        let height = random.chance(0.05) ? 0 : integer(1...250)
        view.frame = CGRect(x: integer(-40...300), y: integer(-40...460), width: width, height: height)
        if random.chance(0.15) {
            view.bounds.origin = CGPoint(x: integer(-50...50), y: integer(-50...200))
        }
        if random.chance(0.08) {
            view.transform = random.pick([
                CGAffineTransform(scaleX: 0.5, y: 0.5), CGAffineTransform(scaleX: 2, y: 1),
                CGAffineTransform(translationX: 13, y: -7), CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0),
            ])
        }
        view.isHidden = random.chance(0.08)
        view.alpha = random.pick([1, 1, 1, 1, 1, 0.5, 0.25, 0.005])
        view.clipsToBounds = random.chance(0.35)
        view.backgroundColor = random.pick(Self.colors)
    }
}
