/// An axis-aligned rectangle as edges, in window or scene coordinates: what the scanner computes with.
///
/// Edges rather than `CGRect` because clipping is an intersection of edges, and because every test
/// is written so that NaN edges make a box empty (`!(x1 > x0)`), never visible.
struct ScanBox: Equatable {
    // MARK: - Internal

    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double

    static let empty = ScanBox(x0: 0, y0: 0, x1: 0, y1: 0)

    /// No area, or NaN edges.
    var isEmpty: Bool { !(x1 > x0 && y1 > y0) }

    /// The area, 0 when empty.
    var area: Double { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

    /// All four edges are finite numbers.
    var isFinite: Bool { x0.isFinite && y0.isFinite && x1.isFinite && y1.isFinite }

    /// The overlap of two boxes (possibly empty, with crossed edges).
    func intersection(_ other: ScanBox) -> ScanBox {
        ScanBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// Whether the two boxes overlap with some area.
    func intersects(_ other: ScanBox) -> Bool {
        !intersection(other).isEmpty
    }

    /// The smallest box holding both.
    func union(_ other: ScanBox) -> ScanBox {
        ScanBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// Whether `other` lies entirely inside this box.
    func contains(_ other: ScanBox) -> Bool {
        other.x0 >= x0 && other.y0 >= y0 && other.x1 <= x1 && other.y1 <= y1
    }

    /// The box moved by `(dx, dy)`.
    func offsetBy(_ dx: Double, _ dy: Double) -> ScanBox {
        ScanBox(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }
}
