import Foundation

/// Supplies a collection view's items and cells. UIKit's optional `numberOfSections(in:)` defaults to 1.
@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
    /// The number of items in a section.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for an item, from `dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// The number of sections (optional in UIKit; 1 by default).
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
    /// One section (optional in UIKit).
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}
