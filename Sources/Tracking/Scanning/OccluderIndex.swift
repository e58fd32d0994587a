/// The opaque rectangles a scan has found so far, in scene coordinates, and the exact area they cover
/// inside a query rectangle.
///
/// Occluders are appended front to back (in reverse painting order), so "the occluders in front of a
/// view" is always a prefix of the list; a query names that prefix by its length. A uniform grid of
/// buckets keeps queries proportional to the occluders near the query, not to all of them, and the
/// covered area is the exact area of a union of rectangles (a sweep over compressed x coordinates).
/// Every buffer is reused: after the first scans of a given size nothing allocates.
struct OccluderIndex {
    // MARK: - Internal

    /// Occluders so far, in the order they were added.
    private(set) var count = 0

    /// Forgets every occluder and lays the grid over `frame` (the scene area where occluders are
    /// expected; ones outside it still work, in the edge buckets).
    mutating func reset(frame: ScanBox) {
        for index in buckets.indices { buckets[index].removeAll(keepingCapacity: true) }
        if buckets.isEmpty {
            buckets = ContiguousArray(repeating: [], count: Self.side * Self.side)
        }
        boxes.removeAll(keepingCapacity: true)
        seen.removeAll(keepingCapacity: true)
        count = 0
        gridX = frame.isEmpty || !frame.isFinite ? 0 : frame.x0
        gridY = frame.isEmpty || !frame.isFinite ? 0 : frame.y0
        let width = frame.isEmpty || !frame.isFinite ? 1024 : frame.x1 - frame.x0
        let height = frame.isEmpty || !frame.isFinite ? 1024 : frame.y1 - frame.y0
        cellWidth = width / Double(Self.side)
        cellHeight = height / Double(Self.side)
    }

    /// Adds a non-empty, finite occluder.
    mutating func append(_ box: ScanBox) {
        let index = Int32(truncatingIfNeeded: boxes.count)
        boxes.append(box)
        seen.append(0)
        count += 1
        let (c0, c1) = columns(box)
        let (r0, r1) = rows(box)
        for row in r0...r1 {
            for column in c0...c1 { buckets[row * Self.side + column].append(index) }
        }
    }

    /// The area of `query` covered by the first `limit` occluders.
    mutating func coveredArea(of query: ScanBox, amongFirst limit: Int) -> Double {
        guard limit > 0, !query.isEmpty else { return 0 }
        queryStamp &+= 1
        if queryStamp == 0 {
            for index in seen.indices { seen[index] = 0 }
            queryStamp = 1
        }
        clipped.removeAll(keepingCapacity: true)
        let (c0, c1) = columns(query)
        let (r0, r1) = rows(query)
        for row in r0...r1 {
            for column in c0...c1 {
                // An index loop: `for in` over the nested array copies it into an iterator (a retain and a
                // release per bucket, a third of a sparse deep scan).
                let bucket = row * Self.side + column
                var position = 0
                let end = buckets[bucket].count
                while position < end {
                    let occluder = Int(buckets[bucket][position])
                    position += 1
                    // Buckets list occluders in insertion order, so the prefix ends at the first one past it.
                    if occluder >= limit { break }
                    if seen[occluder] == queryStamp { continue }
                    seen[occluder] = queryStamp
                    let part = boxes[occluder].intersection(query)
                    if part.isEmpty { continue }
                    if part == query { return query.area }
                    clipped.append(part)
                }
            }
        }
        return unionArea()
    }

    // MARK: - Private

    private static let side = 16

    private var boxes: ContiguousArray<ScanBox> = []
    private var seen: ContiguousArray<UInt32> = []
    private var queryStamp: UInt32 = 0
    private var buckets: ContiguousArray<ContiguousArray<Int32>> = []
    private var gridX = 0.0, gridY = 0.0, cellWidth = 64.0, cellHeight = 64.0
    private var clipped: ContiguousArray<ScanBox> = []
    private var edges: ContiguousArray<Double> = []
    private var spans: ContiguousArray<ScanBox> = []

    private func cell(_ value: Double, origin: Double, size: Double) -> Int {
        // Clamp in floating point first: converting a huge value to Int would trap.
        let position = ((value - origin) / size).rounded(.down)
        return Int(min(max(position, 0), Double(Self.side - 1)))
    }

    private func columns(_ box: ScanBox) -> (Int, Int) {
        (cell(box.x0, origin: gridX, size: cellWidth), cell(box.x1, origin: gridX, size: cellWidth))
    }

    private func rows(_ box: ScanBox) -> (Int, Int) {
        (cell(box.y0, origin: gridY, size: cellHeight), cell(box.y1, origin: gridY, size: cellHeight))
    }

    /// The exact area of the union of `clipped`: for each slab between consecutive distinct x edges,
    /// the merged length of the y intervals of the boxes spanning it.
    private mutating func unionArea() -> Double {
        switch clipped.count {
        case 0: return 0
        case 1: return clipped[0].area
        default: break
        }
        edges.removeAll(keepingCapacity: true)
        for box in clipped {
            edges.append(box.x0)
            edges.append(box.x1)
        }
        Self.insertionSort(&edges)
        var area = 0.0
        var previous = edges[0]
        for edge in edges.dropFirst() where edge > previous {
            spans.removeAll(keepingCapacity: true)
            for box in clipped where box.x0 <= previous && box.x1 >= edge {
                spans.append(box)
            }
            area += (edge - previous) * mergedLength()
            previous = edge
        }
        return area
    }

    /// The length covered by the y intervals of `spans`.
    private mutating func mergedLength() -> Double {
        guard !spans.isEmpty else { return 0 }
        // Insertion sort by y0: the lists are short, and the standard sort may allocate scratch space.
        var i = 1
        while i < spans.count {
            let item = spans[i]
            var j = i - 1
            while j >= 0 && spans[j].y0 > item.y0 {
                spans[j + 1] = spans[j]
                j -= 1
            }
            spans[j + 1] = item
            i += 1
        }
        var length = 0.0
        var start = spans[0].y0, end = spans[0].y1
        for span in spans.dropFirst() {
            if span.y0 > end {
                length += end - start
                start = span.y0
                end = span.y1
            } else if span.y1 > end {
                end = span.y1
            }
        }
        return length + (end - start)
    }

    private static func insertionSort(_ values: inout ContiguousArray<Double>) {
        var i = 1
        while i < values.count {
            let item = values[i]
            var j = i - 1
            while j >= 0 && values[j] > item {
                values[j + 1] = values[j]
                j -= 1
            }
            values[j + 1] = item
            i += 1
        }
    }
}
