import Foundation

extension UIView {
    // MARK: - Converting coordinates (the implementations behind the `open` methods)

    // Each conversion composes one affine transform along the superview chain, allocating nothing, as
    // UIKit's conversions do not.

    func convertPoint(_ point: CGPoint, to view: UIView?) -> CGPoint {
        point.applying(transform(to: view))
    }

    func convertPoint(_ point: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return point.applying(transformToRootSpace().transform.inverted()) }
        return view.convertPoint(point, to: self)
    }

    func convertRect(_ rect: CGRect, to view: UIView?) -> CGRect {
        rect.applying(transform(to: view))
    }

    func convertRect(_ rect: CGRect, from view: UIView?) -> CGRect {
        guard let view else { return rect.applying(transformToRootSpace().transform.inverted()) }
        return view.convertRect(rect, to: self)
    }

    // MARK: - Private

    /// Maps the receiver's bounds space to its superview's: `center + transform(p - bounds.mid)`.
    private var transformToSuperviewSpace: CGAffineTransform {
        let bounds = self.bounds, center = self.center, m = transform
        if m.isIdentity {
            return CGAffineTransform(translationX: center.x - bounds.midX, y: center.y - bounds.midY)
        }
        return CGAffineTransform(
            a: m.a, b: m.b, c: m.c, d: m.d,
            tx: m.tx + center.x - (m.a * bounds.midX + m.c * bounds.midY),
            ty: m.ty + center.y - (m.b * bounds.midX + m.d * bounds.midY))
    }

    /// Maps the receiver's bounds space to its window's (or its top-most ancestor's) coordinates.
    private func transformToRootSpace() -> (transform: CGAffineTransform, root: UIView) {
        var result = CGAffineTransform.identity
        var view = self
        while !(view is UIWindow), let superview = view.superview {
            result = result.concatenating(view.transformToSuperviewSpace)
            view = superview
        }
        return (result, view)
    }

    /// Maps the receiver's bounds space to `view`'s (to window coordinates for `nil`). Different windows meet
    /// in screen coordinates, through their frames.
    private func transform(to view: UIView?) -> CGAffineTransform {
        let (toRoot, root) = transformToRootSpace()
        guard let view else { return toRoot }
        let (targetToRoot, targetRoot) = view.transformToRootSpace()
        var result = toRoot
        if let sourceWindow = root as? UIWindow, let targetWindow = targetRoot as? UIWindow, sourceWindow !== targetWindow {
            result = result.concatenating(CGAffineTransform(
                translationX: sourceWindow.frame.minX - targetWindow.frame.minX,
                y: sourceWindow.frame.minY - targetWindow.frame.minY))
        }
        return result.concatenating(targetToRoot.inverted())
    }
}
