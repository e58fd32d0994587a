@testable import Tracking
import TestSupport
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A seeded random scene for property tests: a few windows (levels, frames, alpha, backgrounds, some
/// hidden), random trees of views with random frames, bounds origins (scroll offsets), transforms,
/// hiding, alpha, clipping, opaque or translucent backgrounds, tracked elements, controllers with
/// screens (as window roots or embedded views), and buried covers inserted anywhere in the painting order:
/// opaque cards in translucent dimming views of nested child controllers, HUDs inside chains of
/// (sometimes clipping, sometimes transformed) containers. Geometry is integral or a power-of-two fraction, so
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
        // SwiftUI anchors come from a generator of their own, so the rest of each seed's scene is unchanged.
        var anchorRandom = SplitMix64(seed: seed ^ 0xA4C4_0125_0000_0000)
        var elementAnchors: [TrackingAnchorView] = []
        var screenAnchors: [TrackingScreen] = []
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
            let coverCount = Int(random.next() % 4)
            for cover in 0..<coverCount {
                addBuriedCover(windowNumber: windowNumber, number: count + cover, parents: &parents, random: &random)
            }
            if anchorRandom.chance(0.6) {
                addAnchors(
                    windowNumber: windowNumber, parents: parents, random: &anchorRandom,
                    elements: &elementAnchors, screens: &screenAnchors
                )
            }
            // Shown last, so that its whole tree joins at once; some stay hidden.
            if random.chance(0.9) { window.isHidden = false }
            windows.append(window)
        }
        // The environment screen of each element anchor: none, a screen anchor's (in any window), or a screen
        // no anchor stands for (shared by several elements).
        for anchor in elementAnchors {
            switch anchorRandom.next() % 6 {
            case 0: anchor.environmentScreen = nil
            case 1: anchor.environmentScreen = TrackingScreen(screenName: "swiftui", identifier: "o-\(anchorRandom.next() % 2)")
            default:
                anchor.environmentScreen = screenAnchors.isEmpty
                    ? nil : screenAnchors[Int(anchorRandom.next() % UInt64(screenAnchors.count))]
            }
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

    /// An opaque view deep inside untracked containers, inserted at a random position among a random
    /// view's subviews: a bottom-sheet card (a translucent dimming view in a child controller nested in
    /// another) or a HUD at the end of a chain of containers. Its parts may carry elements too.
    private mutating func addBuriedCover(
        windowNumber: Int, number: Int, parents: inout [UIView], random: inout SplitMix64
    ) {
        func integer(_ range: ClosedRange<Int>) -> CGFloat {
            CGFloat(range.lowerBound + Int(random.next() % UInt64(range.count)))
        }
        let host = parents[Int(random.next() % UInt64(parents.count))]
        let top: UIView
        var chain: [UIView] = []
        if random.chance(0.5) {
            let outer = UIViewController(), inner = UIViewController()
            outer.addChild(inner)
            outer.view.addSubview(inner.view)
            inner.didMove(toParent: outer)
            controllers.append(contentsOf: [outer, inner])
            if random.chance(0.3) { store.setScreen(screen(windowNumber, number), for: inner) }
            outer.view.frame = CGRect(x: integer(-20...100), y: integer(-20...200), width: integer(100...400), height: integer(100...500))
            outer.view.backgroundColor = nil
            inner.view.frame = CGRect(x: integer(-10...20), y: integer(-10...40), width: integer(60...300), height: integer(60...400))
            inner.view.backgroundColor = random.pick([nil, UIColor(white: 0, alpha: 0.4)])
            let dimming = UIView(frame: CGRect(x: 0, y: 0, width: integer(50...300), height: integer(50...400)))
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.4)
            inner.view.addSubview(dimming)
            top = outer.view
            chain = [outer.view, inner.view, dimming]
        } else {
            top = UIView(frame: CGRect(x: integer(-20...200), y: integer(-20...300), width: integer(1...300), height: integer(1...400)))
            chain = [top]
            for _ in 0..<Int(random.next() % 3) {
                let container = UIView(frame: CGRect(x: integer(-20...80), y: integer(-20...80), width: integer(1...300), height: integer(1...300)))
                chain.last!.addSubview(container)
                chain.append(container)
            }
            for container in chain {
                container.clipsToBounds = random.chance(0.3)
                if random.chance(0.15) {
                    container.transform = random.pick([
                        CGAffineTransform(scaleX: 0.5, y: 0.5), CGAffineTransform(translationX: -9, y: 17),
                        CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0),
                    ])
                }
                container.alpha = random.pick([1, 1, 1, 1, 0.5])
            }
        }
        let card = UIView(frame: CGRect(x: integer(-20...120), y: integer(-20...200), width: integer(1...250), height: integer(1...250)))
        card.backgroundColor = random.pick([UIColor(white: 1, alpha: 1), UIColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1), nil])
        card.clipsToBounds = random.chance(0.3)
        chain.last!.addSubview(card)
        chain.append(card)
        if random.chance(0.3) {
            let label = UIView(frame: CGRect(x: integer(-10...60), y: integer(-10...60), width: integer(1...120), height: integer(1...120)))
            label.backgroundColor = random.pick(Self.colors)
            store.setElement(TrackingElement(elementType: "view", identifier: "\(windowNumber)-\(number)-card"), for: label)
            card.addSubview(label)
            chain.append(label)
        }
        host.insertSubview(top, at: Int(random.next() % UInt64(host.subviews.count + 1)))
        parents.append(contentsOf: chain)
        views.append(contentsOf: chain)
    }

    /// Anchors as a hosting view holds them, among a random parent's subviews at random positions: screen
    /// anchors, element anchors (their environment screens are given once every window exists) and
    /// occluder anchors, transparent like the real ones, with the random geometry of any view.
    private mutating func addAnchors(
        windowNumber: Int, parents: [UIView], random: inout SplitMix64,
        elements: inout [TrackingAnchorView], screens: inout [TrackingScreen]
    ) {
        for number in 0..<Int(random.next() % 6 + 1) {
            let parent = parents[Int(random.next() % UInt64(parents.count))]
            let anchor = TrackingAnchorView(store: store)
            configure(anchor, &random)
            anchor.backgroundColor = .clear
            switch random.next() % 10 {
            case 0...2:
                let screen = TrackingScreen(screenName: "swiftui", identifier: "a-\(windowNumber)-\(number)")
                anchor.screen = screen
                screens.append(screen)
            case 3...7:
                anchor.element = TrackingElement(elementType: "anchor", identifier: "\(windowNumber)-a\(number)")
                elements.append(anchor)
            default:
                anchor.isOccluder = true
            }
            parent.insertSubview(anchor, at: Int(random.next() % UInt64(parent.subviews.count + 1)))
            views.append(anchor)
        }
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
