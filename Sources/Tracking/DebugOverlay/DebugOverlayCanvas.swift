#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The debug overlay of one scene: its window and the views it draws with, kept from scan to scan.
///
/// Every draw reuses the views of the last one (outlines and captions) and hides the ones it no
/// longer needs, so that a steady screen allocates no view. Outlines sit in one container, captions in a
/// second above it and the badge on top, so a view added later never covers a caption.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class DebugOverlayCanvas {
    // MARK: - Internal

    /// The scene the canvas draws over (weak: a scene that goes takes its canvas with it at the next draw).
    private(set) weak var scene: UIWindowScene?
    let window: DebugOverlayWindow
    /// What the last draw outlined, in order.
    private(set) var outlines: [DebugOverlayOutline] = []
    /// The names of the visible screens the last draw outlined, in scan order.
    private(set) var screens: [String] = []

    init(scene: UIWindowScene) {
        self.scene = scene
        window = DebugOverlayWindow(windowScene: scene)
        for container in [outlineLayer, captionLayer, tapLayer] {
            container.backgroundColor = nil
            container.isOpaque = false
            container.isUserInteractionEnabled = false
            container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            window.addSubview(container)
        }
        badge.numberOfLines = 0
        badge.font = .systemFont(ofSize: DebugOverlayStyle.badgeFontSize)
        badge.textColor = DebugOverlayStyle.text
        badge.backgroundColor = DebugOverlayStyle.plate
        badge.layer.cornerRadius = 4
        badge.clipsToBounds = true
        window.addSubview(badge)
    }

    /// Starts a draw over windows covering `frame` (scene coordinates): places and shows the window.
    func begin(covering frame: CGRect) {
        if window.frame != frame { window.frame = frame }
        for container in [outlineLayer, captionLayer, tapLayer] where container.frame != window.bounds {
            container.frame = window.bounds
        }
        if window.windowScene !== scene { window.windowScene = scene }
        if window.isHidden { window.isHidden = false }
        outlines.removeAll(keepingCapacity: true)
        screens.removeAll(keepingCapacity: true)
        outlineCount = 0
        captionCount = 0
    }

    /// Converts `rect` in `view`'s window to the overlay window's coordinates.
    func convert(_ rect: CGRect, fromWindowOf view: UIView) -> CGRect? {
        guard let source = view.window else { return nil }
        let dx = source.frame.minX - source.bounds.minX - window.frame.minX
        let dy = source.frame.minY - source.bounds.minY - window.frame.minY
        return rect.offsetBy(dx: dx, dy: dy)
    }

    /// Outlines an element, with its caption above its top-left corner (inside it when that would leave
    /// the window).
    func draw(_ outline: DebugOverlayOutline) {
        outlines.append(outline)
        let view = nextOutlineView()
        if view.frame != outline.frame { view.frame = outline.frame }
        let border = DebugOverlayStyle.borderColor(for: outline.state)
        if view.layer.borderColor !== border { view.layer.borderColor = border }
        if view.layer.borderWidth != DebugOverlayStyle.borderWidth { view.layer.borderWidth = DebugOverlayStyle.borderWidth }
        caption(outline.caption, color: DebugOverlayStyle.color(for: outline.state), at: outline.frame.origin)
    }

    /// Outlines a visible screen's root view thinly; the badge names it (a tag on the screen would sit on
    /// its first element's caption).
    func drawScreen(named name: String, frame: CGRect) {
        screens.append(name)
        let view = nextOutlineView()
        view.frame = frame.insetBy(dx: 1, dy: 1)
        if view.layer.borderColor !== DebugOverlayStyle.screenBorder { view.layer.borderColor = DebugOverlayStyle.screenBorder }
        if view.layer.borderWidth != DebugOverlayStyle.screenBorderWidth { view.layer.borderWidth = DebugOverlayStyle.screenBorderWidth }
    }

    /// Ends a draw: writes the badge in the bottom-right corner, above the home indicator, and hides the
    /// views this draw did not use.
    func finish(badge text: String) {
        if badge.text != text { badge.text = text }
        let size = DebugOverlayStyle.size(of: text, fontSize: DebugOverlayStyle.badgeFontSize)
        let bounds = window.bounds
        badge.frame = CGRect(
            x: bounds.maxX - size.width - 8, y: bounds.maxY - size.height - DebugOverlayStyle.bottomInset,
            width: size.width, height: size.height
        )
        for index in outlineCount..<outlineViews.count where !outlineViews[index].isHidden {
            outlineViews[index].isHidden = true
        }
        for index in captionCount..<captionViews.count where !captionViews[index].isHidden {
            captionViews[index].isHidden = true
        }
    }

    /// Shows a ring per tap mark of this scene at its point (in the window touched, converted to the
    /// overlay's coordinates), reusing the rings of the last call and hiding the rest.
    func showTapMarks(_ marks: ContiguousArray<DebugOverlayTapMark>) {
        var count = 0
        for mark in marks {
            guard let touched = mark.window, let scene, touched.windowScene === scene else { continue }
            let ring: UILabel
            if count < tapMarkViews.count {
                ring = tapMarkViews[count]
                if ring.isHidden { ring.isHidden = false }
            } else {
                ring = UILabel()
                ring.font = .systemFont(ofSize: DebugOverlayStyle.fontSize)
                ring.textColor = DebugOverlayStyle.text
                ring.textAlignment = .center
                ring.backgroundColor = nil
                ring.isOpaque = false
                ring.layer.borderWidth = DebugOverlayStyle.tapMarkBorderWidth
                ring.clipsToBounds = true
                tapMarkViews.append(ring)
                tapLayer.addSubview(ring)
            }
            count += 1
            let diameter = mark.diameter
            let center = CGPoint(
                x: mark.point.x + touched.frame.minX - touched.bounds.minX - window.frame.minX,
                y: mark.point.y + touched.frame.minY - touched.bounds.minY - window.frame.minY
            )
            ring.frame = CGRect(x: center.x - diameter / 2, y: center.y - diameter / 2, width: diameter, height: diameter)
            ring.layer.cornerRadius = diameter / 2
            let border = DebugOverlayStyle.borderColor(for: mark.kind)
            if ring.layer.borderColor !== border { ring.layer.borderColor = border }
            if ring.text != mark.caption { ring.text = mark.caption }
        }
        shownTapMarkCount = count
        for index in count..<tapMarkViews.count where !tapMarkViews[index].isHidden {
            tapMarkViews[index].isHidden = true
        }
    }

    /// The tap rings shown now (for tests).
    var shownTapMarks: [UILabel] { Array(tapMarkViews[..<shownTapMarkCount]) }

    /// Hides the window and lets it go from the scene.
    func remove() {
        window.isHidden = true
        window.windowScene = nil
    }

    /// The outline and caption views shown now (for tests: what a person would see).
    var shownViews: (outlines: [UIView], captions: [UILabel], badge: UILabel) {
        (Array(outlineViews[..<outlineCount]), Array(captionViews[..<captionCount]), badge)
    }

    // MARK: - Private

    private let outlineLayer = UIView()
    private let captionLayer = UIView()
    private let tapLayer = UIView()
    private var tapMarkViews: [UILabel] = []
    private var shownTapMarkCount = 0
    private let badge = UILabel()
    private var outlineViews: [UIView] = []
    private var captionViews: [UILabel] = []
    private var outlineCount = 0
    private var captionCount = 0

    private func nextOutlineView() -> UIView {
        defer { outlineCount += 1 }
        if outlineCount < outlineViews.count {
            let view = outlineViews[outlineCount]
            if view.isHidden { view.isHidden = false }
            return view
        }
        let view = UIView()
        view.backgroundColor = nil
        view.isOpaque = false
        view.isUserInteractionEnabled = false
        outlineViews.append(view)
        outlineLayer.addSubview(view)
        return view
    }

    private func caption(_ text: String, color: UIColor, at corner: CGPoint) {
        defer { captionCount += 1 }
        let label: UILabel
        if captionCount < captionViews.count {
            label = captionViews[captionCount]
            if label.isHidden { label.isHidden = false }
        } else {
            label = UILabel()
            label.font = .systemFont(ofSize: DebugOverlayStyle.fontSize)
            label.backgroundColor = DebugOverlayStyle.plate
            captionViews.append(label)
            captionLayer.addSubview(label)
        }
        if label.text != text { label.text = text }
        if label.textColor !== color { label.textColor = color }
        let size = DebugOverlayStyle.size(of: text, fontSize: DebugOverlayStyle.fontSize)
        var origin = CGPoint(x: corner.x, y: corner.y - size.height)
        if origin.y < window.bounds.minY { origin.y = corner.y }
        label.frame = CGRect(origin: origin, size: size)
    }
}
