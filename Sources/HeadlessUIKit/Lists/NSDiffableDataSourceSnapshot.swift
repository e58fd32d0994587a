import Foundation

/// The sections and items a diffable data source shows, by identifier. A value: build one, then
/// `apply(_:animatingDifferences:)` it to a ``UICollectionViewDiffableDataSource`` or
/// ``UITableViewDiffableDataSource``. Identifiers are unique: adding one already present is a diagnostic
/// and is ignored (UIKit throws an exception).
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>: Sendable
where SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable {
    /// An empty snapshot.
    public init() {}

    // MARK: - Public

    /// The number of items in every section.
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }
    /// The number of sections.
    public var numberOfSections: Int { sections.count }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.identifier) }
    /// Every item, section after section.
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap(\.items) }
    /// The items marked by ``reloadItems(_:)`` since the snapshot was taken.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { itemIdentifiers.filter(reloaded.contains) }

    /// The number of items in a section (0 for an unknown section).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        itemIdentifiers(inSection: identifier).count
    }

    /// A section's items, in order (none for an unknown section).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sections.first { $0.identifier == identifier }?.items ?? []
    }

    /// The section holding an item.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sections.first { $0.items.contains(identifier) }?.identifier
    }

    /// An item's position among all items.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        itemIdentifiers.firstIndex(of: identifier)
    }

    /// A section's position.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sections.firstIndex { $0.identifier == identifier }
    }

    /// Adds sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard indexOfSection(identifier) == nil else {
                HeadlessDiagnostics.report("appendSections(_:): section \(identifier) is already in the snapshot")
                continue
            }
            sections.append(Section(identifier: identifier))
        }
    }

    /// Adds items at the end of a section, or of the last section when `nil`.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType],
                                     toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let index = sectionIdentifier.map(indexOfSection) ?? (sections.isEmpty ? nil : sections.count - 1)
        guard let index else {
            HeadlessDiagnostics.report("appendItems(_:toSection:): no such section in the snapshot")
            return
        }
        var present = Set(itemIdentifiers)
        for identifier in identifiers {
            guard present.insert(identifier).inserted else {
                HeadlessDiagnostics.report("appendItems(_:toSection:): item \(identifier) is already in the snapshot")
                continue
            }
            sections[index].items.append(identifier)
        }
    }

    /// Removes items wherever they are.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let deleted = Set(identifiers)
        for index in sections.indices { sections[index].items.removeAll(where: deleted.contains) }
        reloaded.subtract(deleted)
    }

    /// Removes every item, keeping no section.
    public mutating func deleteAllItems() {
        sections.removeAll()
        reloaded.removeAll()
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let deleted = Set(identifiers)
        for section in sections where deleted.contains(section.identifier) { reloaded.subtract(section.items) }
        sections.removeAll { deleted.contains($0.identifier) }
    }

    /// Marks items whose content changed: applying the snapshot asks for their cells again.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        let present = Set(itemIdentifiers)
        for identifier in identifiers {
            guard present.contains(identifier) else {
                HeadlessDiagnostics.report("reloadItems(_:): item \(identifier) is not in the snapshot")
                continue
            }
            reloaded.insert(identifier)
        }
    }

    // MARK: - Internal

    struct Section: Sendable {
        var identifier: SectionIdentifierType
        var items: [ItemIdentifierType] = []
    }

    private(set) var sections: [Section] = []
    private(set) var reloaded: Set<ItemIdentifierType> = []

    /// Shows `new` in place of `self`, with its reload marks spent, and returns where each index path
    /// shown before is now: `nil` when its item is gone or reloaded. Both diffable data sources apply
    /// snapshots through this, so their cells move the same way.
    mutating func replace(with new: Self) -> (IndexPath) -> IndexPath? {
        let remap = new.remapping(from: self)
        self = new
        reloaded.removeAll()
        return remap
    }

    /// The number of items in the section at an index (0 past the end), as a data source answers it.
    func numberOfItems(inSectionAt section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    /// An item's index path.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        for (section, content) in sections.enumerated() {
            if let item = content.items.firstIndex(of: identifier) { return IndexPath(item: item, section: section) }
        }
        return nil
    }

    /// The item at an index path.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
              sections[indexPath.section].items.indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    /// Where each shown index path of `old` is in `self`: `nil` when its item is gone or reloaded.
    private func remapping(from old: Self) -> (IndexPath) -> IndexPath? {
        var newPaths: [ItemIdentifierType: IndexPath] = [:]
        for (section, content) in sections.enumerated() {
            for (item, identifier) in content.items.enumerated() {
                newPaths[identifier] = IndexPath(item: item, section: section)
            }
        }
        let reloaded = reloaded
        return { path in
            guard let identifier = old.item(at: path), !reloaded.contains(identifier) else { return nil }
            return newPaths[identifier]
        }
    }
}
