/// A per-scan set of marked views with a few flags each: an open-addressing hash table keyed by object
/// address, cleared in O(1) by bumping a generation, and reused from scan to scan.
///
/// `Dictionary<ObjectIdentifier, …>` would do, but it hashes with SipHash and must be emptied per scan;
/// this table costs a multiply and usually one probe per lookup, and allocates only when a scan marks
/// more views than any scan before it.
struct ViewMarkTable {
    // MARK: - Internal

    /// What a mark says about a view.
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// The view is on the path from a window to an anchor (inclusive): the scan walks it.
        static let path = Flags(rawValue: 1 << 0)
        /// The view carries an element component (``Mark/element`` is the index of its store entry).
        static let element = Flags(rawValue: 1 << 1)
        /// The view is the root view of a controller with a screen component (``Mark/screen``).
        static let screenRoot = Flags(rawValue: 1 << 2)
        /// The view is an anchor that counts as an opaque cover whatever its background colour.
        static let occluder = Flags(rawValue: 1 << 3)
    }

    /// The flags and component indices of one marked view.
    struct Mark {
        var flags: Flags = []
        var element: Int32 = -1
        var screen: Int32 = -1
        /// The screen snapshot its element belongs to through SwiftUI's environment, or -1 (then the
        /// nearest tracked screen root up the tree).
        var context: Int32 = -1
    }

    /// Forgets every mark, keeping the storage.
    mutating func removeAll() {
        count = 0
        generation &+= 1
        if generation == 0 {
            // The generation wrapped: stale slots could look current, so clear them once every 2³² scans.
            for index in slots.indices { slots[index].generation = 0 }
            generation = 1
        }
    }

    /// The mark of the object at `key`, or an empty mark.
    func mark(for key: UInt) -> Mark {
        guard !slots.isEmpty else { return Mark() }
        var index = Self.hash(key) & mask
        while true {
            let slot = slots[index]
            if slot.generation != generation { return Mark() }
            if slot.key == key { return slot.mark }
            index = (index + 1) & mask
        }
    }

    /// Adds `flags` (and the given indices, when not negative) to the mark of `key`; returns the mark as
    /// it was before.
    @discardableResult
    mutating func insert(
        _ flags: Flags, element: Int32 = -1, screen: Int32 = -1, context: Int32 = -1, for key: UInt
    ) -> Mark {
        if (count + 1) * 2 > slots.count { grow() }
        var index = Self.hash(key) & mask
        while true {
            if slots[index].generation != generation {
                slots[index] = Slot(
                    key: key, generation: generation,
                    mark: Mark(flags: flags, element: element, screen: screen, context: context)
                )
                count += 1
                return Mark()
            }
            if slots[index].key == key {
                let old = slots[index].mark
                slots[index].mark.flags.formUnion(flags)
                if element >= 0 { slots[index].mark.element = element }
                if screen >= 0 { slots[index].mark.screen = screen }
                if context >= 0 { slots[index].mark.context = context }
                return old
            }
            index = (index + 1) & mask
        }
    }

    // MARK: - Private

    private struct Slot {
        var key: UInt = 0
        var generation: UInt32 = 0
        var mark = Mark()
    }

    private var slots: ContiguousArray<Slot> = []
    private var mask = 0
    private var count = 0
    private var generation: UInt32 = 1

    private static func hash(_ key: UInt) -> Int {
        // Fibonacci hashing of the address without its alignment bits; the high bits are the well-mixed ones.
        let mixed = (UInt64(key) >> 4) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32)
    }

    private mutating func grow() {
        let old = slots
        let capacity = max(64, old.count * 2)
        slots = ContiguousArray(repeating: Slot(), count: capacity)
        mask = capacity - 1
        count = 0
        let current = generation
        for slot in old where slot.generation == current {
            var index = Self.hash(slot.key) & mask
            while slots[index].generation == current { index = (index + 1) & mask }
            slots[index] = slot
            count += 1
        }
    }
}
