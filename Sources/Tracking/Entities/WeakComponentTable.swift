/// One component per entity, with the entity held weakly: the storage behind each of
/// ``TrackingComponentStore``'s two tables.
///
/// Entries are contiguous and unordered, so a scan reads them without hashing and refers to one by its
/// index. A deallocated entity's entry is dead at once (lookups compare identity, so a new object at a
/// reused address never inherits it) and stays until a sweep (``forEachLivePurgingDead(_:)``,
/// ``purgeDeadEntries()``, or an insert that finds the table grown to twice what the last purge left) or a
/// new object at the same address takes its slot. Removal swaps the last
/// entry in, so purging never allocates.
///
/// Not thread-safe by itself: ``TrackingComponentStore`` guards every access with its lock.
///
/// A class rather than a struct so that a sweep's `body` runs outside any access to the owner's stored
/// property: a struct's mutating sweep would hold exclusive access to it across `body`, and a `body` that
/// reads the table (looking a component up by index) would trap.
final class WeakComponentTable<Entity: AnyObject, Component> {
    // MARK: - Internal

    /// An entity and its component.
    struct Entry {
        weak var entity: Entity?
        var component: Component
        /// The entity's identity when it was stored, kept to find the index slot again after it died.
        let key: ObjectIdentifier
    }

    /// The entries, unordered; some may be dead (their entity is gone) until purged.
    private(set) var entries: ContiguousArray<Entry> = []

    init() {}

    /// Live entities that carry a component.
    var liveCount: Int { entries.reduce(0) { $0 + ($1.entity == nil ? 0 : 1) } }

    /// The component of `entity`, if any.
    func component(for entity: Entity) -> Component? {
        guard let index = indexByKey[ObjectIdentifier(entity)], entries[index].entity === entity else { return nil }
        return entries[index].component
    }

    /// Sets (or with `nil` removes) the component of `entity`.
    func setComponent(_ component: Component?, for entity: Entity) {
        let key = ObjectIdentifier(entity)
        if let index = indexByKey[key] {
            if let component {
                // A dead entry at a reused address is simply taken over by the new entity.
                entries[index] = Entry(entity: entity, component: component, key: key)
            } else {
                remove(at: index)
            }
        } else if let component {
            if entries.count >= purgeThreshold {
                // No scan may come (no tracker yet, or none running): dead entries must not pile up.
                purgeDeadEntries()
                purgeThreshold = max(Self.minimumPurgeThreshold, 2 * entries.count)
            }
            indexByKey[key] = entries.count
            entries.append(Entry(entity: entity, component: component, key: key))
        }
    }

    /// The component of the entity whose identity is `key`, looked up first at `index` (where a scan found
    /// it), then by identity in case the table changed since.
    func component(at index: Int, key: ObjectIdentifier) -> Component? {
        if index < entries.count, entries[index].key == key { return entries[index].component }
        guard let moved = indexByKey[key] else { return nil }
        return entries[moved].component
    }

    /// Calls `body` with every live entity and its component, in no particular order.
    func forEachLive(_ body: (Entity, Component) -> Void) {
        for entry in entries {
            if let entity = entry.entity { body(entity, entry.component) }
        }
    }

    /// Calls `body` with every live entity and the index of its entry, purging dead entries on the way,
    /// without copying any entry: a scan's first pass. `body` must not change the table.
    func forEachLivePurgingDead(_ body: (Entity, Int) -> Void) {
        var index = 0
        while index < entries.count {
            if let entity = entries[index].entity {
                body(entity, index)
                index += 1
            } else {
                remove(at: index)
            }
        }
    }

    /// Drops the entries of deallocated entities.
    func purgeDeadEntries() {
        forEachLivePurgingDead { _, _ in }
    }

    // MARK: - Private

    private var indexByKey: [ObjectIdentifier: Int] = [:]

    /// The fewest entries at which an insert purges dead entries first.
    private static var minimumPurgeThreshold: Int { 64 }
    /// The entry count at which the next insert of a new entity purges dead entries first: twice what the
    /// last such purge left, so purging costs amortized O(1) per insert and dead entries never outnumber
    /// live ones by more than that.
    private var purgeThreshold = WeakComponentTable.minimumPurgeThreshold

    /// Removes the entry at `index` by moving the last entry into its place (O(1), no allocation).
    /// Entries after `index` other than the last keep their positions, so a forward sweep that does not
    /// advance after a removal visits every entry once.
    private func remove(at index: Int) {
        indexByKey[entries[index].key] = nil
        let last = entries.count - 1
        if index != last {
            entries.swapAt(index, last)
            indexByKey[entries[index].key] = index
        }
        entries.removeLast()
    }
}
