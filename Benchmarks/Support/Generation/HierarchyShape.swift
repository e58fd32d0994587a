/// The form of a generated benchmark hierarchy. Every shape fills a 390 × 844 window (an iPhone screen) with
/// a tracked root controller and an opaque 49-point tab bar across the bottom, in front of the content.
package enum HierarchyShape: String, CaseIterable, Sendable {
    /// A complete 10-ary tree of views, each level tiling its parent: four or five levels, nearly every
    /// view on screen, so a scan has to look at most of the tree.
    case wide
    /// Columns of nested containers, at least 60 levels deep (100 from 1,000 views up); each level holds
    /// leaves in a strip at its top and the next level below them. Everything is on screen.
    case deep
    /// A vertical scroll view of horizontal carousels (rows of 25 cards of 4 views), scrolled to the
    /// middle, each row scrolled sideways: most content lies outside its clipping scroll view.
    case scrollHeavy = "scroll"
    /// An app screen: an opaque navigation bar background drawn by a nested subview under the bar's title and
    /// buttons, a full-screen vertical scroll view of cells (an opaque cell with an image, a title, a
    /// subtitle and a button) scrolled to the middle and passing under the bars, and a floating overlay (a
    /// clear container holding an opaque card with a label and a button) above the content. Its on-screen
    /// cells are always among the tracked views.
    case appLike = "app"
}
