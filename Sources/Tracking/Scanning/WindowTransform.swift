#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The affine map from a view's bounds coordinates to its window's coordinates, carried down the scan
/// instead of calling `convert(_:to:)` per view.
///
/// A view's position in its superview is UIKit's: the point `bounds.mid` maps to `center`, through
/// `transform` applied about that point. So a child's map is its parent's map composed with
/// `p ↦ center + transform(p − bounds.mid)`; with identity transforms this is the familiar
/// `origin += frame.origin − superview.bounds.origin` (a scroll view's `contentOffset` is its
/// `bounds.origin`, so scrolled content needs no special case). Rectangles are mapped corner by corner
/// and replaced by their axis-aligned bounding box, as `convert(_:to:)` does.
struct WindowTransform {
    // MARK: - Internal

    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0
    /// `a == d == 1, b == c == 0`: the common case, mapped with two additions.
    var isTranslation = true

    /// A window's own map: window coordinates are its bounds coordinates.
    static let identity = WindowTransform()

    /// The map of a subview with the given geometry.
    func child(center: CGPoint, bounds: CGRect, transform t: CGAffineTransform) -> WindowTransform {
        let midX = Double(bounds.origin.x) + Double(bounds.size.width) * 0.5
        let midY = Double(bounds.origin.y) + Double(bounds.size.height) * 0.5
        let cx = Double(center.x), cy = Double(center.y)
        let ta = Double(t.a), tb = Double(t.b), tc = Double(t.c), td = Double(t.d)
        let ttx = Double(t.tx), tty = Double(t.ty)
        if isTranslation && ta == 1 && tb == 0 && tc == 0 && td == 1 {
            return WindowTransform(tx: tx + (cx - midX) + ttx, ty: ty + (cy - midY) + tty)
        }
        // Child map: p ↦ A_t·p + m, with m = center + t.translation − A_t·mid.
        let mx = cx + ttx - (ta * midX + tc * midY)
        let my = cy + tty - (tb * midX + td * midY)
        let na = a * ta + c * tb, nb = b * ta + d * tb
        let nc = a * tc + c * td, nd = b * tc + d * td
        return WindowTransform(
            a: na, b: nb, c: nc, d: nd,
            tx: a * mx + c * my + tx, ty: b * mx + d * my + ty,
            isTranslation: na == 1 && nb == 0 && nc == 0 && nd == 1
        )
    }

    /// The window-space bounding box of `rect` (in the view's bounds coordinates).
    func boundingBox(of rect: CGRect) -> ScanBox {
        let x = Double(rect.origin.x), y = Double(rect.origin.y)
        let w = Double(rect.size.width), h = Double(rect.size.height)
        if isTranslation {
            return ScanBox(x0: x + tx, y0: y + ty, x1: x + tx + w, y1: y + ty + h)
        }
        // Negative sizes are treated as empty, not standardized: UIKit never produces them for bounds.
        guard w >= 0, h >= 0 else { return .empty }
        let xs0 = a * x, xs1 = a * (x + w), ys0 = c * y, ys1 = c * (y + h)
        let xb0 = b * x, xb1 = b * (x + w), yd0 = d * y, yd1 = d * (y + h)
        return ScanBox(
            x0: min(xs0, xs1) + min(ys0, ys1) + tx,
            y0: min(xb0, xb1) + min(yd0, yd1) + ty,
            x1: max(xs0, xs1) + max(ys0, ys1) + tx,
            y1: max(xb0, xb1) + max(yd0, yd1) + ty
        )
    }
}
