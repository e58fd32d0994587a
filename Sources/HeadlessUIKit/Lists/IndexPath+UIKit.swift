import Foundation

// UIKit's extension of Foundation's IndexPath (UITableView.h, UICollectionView.h): the first index is the
// section, the second the row (tables) or item (collections).
extension IndexPath {
    /// Creates an index path for a table row.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// Creates an index path for a collection item.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The table row: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The collection item: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
