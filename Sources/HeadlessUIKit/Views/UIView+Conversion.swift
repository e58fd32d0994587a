import Foundation

extension UIView {
    // MARK: - Converting coordinates (the implementations behind the `open` methods)

    func convertPoint(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let (windowPoint, root) = pointInRootSpace(point)
        guard let view else { return windowPoint }
        return view.pointFromRootSpace(windowPoint, sourceRoot: root)
    }

    func convertPoint(_ point: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return pointFromRootSpace(point, sourceRoot: nil) }
        return view.convertPoint(point, to: self)
    }

    func convertRect(_ rect: CGRect, to view: UIView?) -> CGRect {
        Self.boundingBox(of: rect) { convertPoint($0, to: view) }
    }

    func convertRect(_ rect: CGRect, from view: UIView?) -> CGRect {
        Self.boundingBox(of: rect) { convertPoint($0, from: view) }
    }

    // MARK: - Private

    /// Maps a point in the receiver's bounds space to its superview's bounds space.
    private func pointInSuperviewSpace(_ point: CGPoint) -> CGPoint {
        let bounds = self.bounds
        let fromCenter = CGPoint(x: point.x - bounds.midX, y: point.y - bounds.midY)
        let transformed = transform.isIdentity ? fromCenter : fromCenter.applying(transform)
        return CGPoint(x: center.x + transformed.x, y: center.y + transformed.y)
    }

    /// Maps a point in the superview's bounds space to the receiver's bounds space.
    private func pointFromSuperviewSpace(_ point: CGPoint) -> CGPoint {
        let fromCenter = CGPoint(x: point.x - center.x, y: point.y - center.y)
        let untransformed = transform.isIdentity ? fromCenter : fromCenter.applying(transform.inverted())
        let bounds = self.bounds
        return CGPoint(x: untransformed.x + bounds.midX, y: untransformed.y + bounds.midY)
    }

    /// The point in the coordinates of the receiver's window (or top-most ancestor), and that root.
    private func pointInRootSpace(_ point: CGPoint) -> (CGPoint, UIView) {
        var point = point
        var view = self
        while !(view is UIWindow), let superview = view.superview {
            point = view.pointInSuperviewSpace(point)
            view = superview
        }
        return (point, view)
    }

    /// Maps a point in `sourceRoot`'s coordinates (window coordinates when `nil`) to the receiver's.
    /// Different windows meet in screen coordinates, through their frames.
    private func pointFromRootSpace(_ point: CGPoint, sourceRoot: UIView?) -> CGPoint {
        var chain: [UIView] = []
        var view = self
        while !(view is UIWindow), let superview = view.superview {
            chain.append(view)
            view = superview
        }
        var point = point
        if let sourceWindow = sourceRoot as? UIWindow, let targetWindow = view as? UIWindow, sourceWindow !== targetWindow {
            point.x += sourceWindow.frame.minX - targetWindow.frame.minX
            point.y += sourceWindow.frame.minY - targetWindow.frame.minY
        }
        for view in chain.reversed() {
            point = view.pointFromSuperviewSpace(point)
        }
        return point
    }

    private static func boundingBox(of rect: CGRect, mapping map: (CGPoint) -> CGPoint) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(map)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
