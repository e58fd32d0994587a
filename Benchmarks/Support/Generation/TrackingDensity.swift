/// How many views of a generated hierarchy carry a tracking element.
package enum TrackingDensity: String, CaseIterable, Sendable {
    /// 5 % of the views (at least one): a feed where every cell and button is tracked.
    case dense
    /// 20 views, whatever the hierarchy's size: a screen with a few tracked buttons.
    case sparse

    // MARK: - Package

    /// The number of tracked views among `viewCount` candidates.
    package func trackedCount(among viewCount: Int) -> Int {
        switch self {
        case .dense: return min(max(viewCount / 20, 1), viewCount)
        case .sparse: return min(20, viewCount)
        }
    }
}
