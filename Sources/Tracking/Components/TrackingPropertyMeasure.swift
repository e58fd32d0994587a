/// The size of properties as JSON, their nesting depth and how many values they hold: what the sanitizer
/// bounds and what ``DeliverySink`` checks before storing.
///
/// The byte count is the JSON the wire writer produces, except that strings are counted without the escapes
/// of control characters, quotes and backslashes: a lower bound that is exact for ordinary text.
struct TrackingPropertyMeasure: Equatable {
    // MARK: - Internal

    /// JSON bytes of the properties as an object, braces included.
    var byteCount = 2
    /// The deepest value: 1 for scalars, 2 for scalars in an array or object, and so on; at most
    /// `depthLimit + 1` (it stops descending there).
    var depth = 0
    /// Values at every level, containers included.
    var valueCount = 0

    /// Measures `properties`, descending no deeper than `depthLimit + 1`.
    init(_ properties: TrackingProperties, depthLimit: Int) {
        self.depthLimit = depthLimit
        byteCount += Self.membersByteCount(properties)
        for value in properties.values { add(value, depth: 1) }
    }

    /// JSON bytes of one value, nested values included, without descending deeper than `depthLimit`.
    static func byteCount(of value: TrackingPropertyValue, depthLimit: Int = .max) -> Int {
        var measure = TrackingPropertyMeasure(depthLimit: depthLimit)
        measure.add(value, depth: 1)
        return measure.byteCount
    }

    // MARK: - Private

    private let depthLimit: Int

    private init(depthLimit: Int) {
        self.depthLimit = depthLimit
        byteCount = 0
    }

    /// `"key":` for each member, and the commas between them.
    private static func membersByteCount(_ members: TrackingProperties) -> Int {
        members.keys.reduce(max(members.count - 1, 0)) { $0 + $1.utf8.count + 3 }
    }

    private mutating func add(_ value: TrackingPropertyValue, depth: Int) {
        valueCount += 1
        self.depth = max(self.depth, depth)
        switch value {
        case .string(let text): byteCount += text.utf8.count + 2
        case .int(let number): byteCount += Self.digitCount(number)
        case .double(let number): byteCount += Self.byteCount(number)
        case .bool(let flag): byteCount += flag ? 4 : 5
        case .null: byteCount += 4
        case .date: byteCount += WireTimestamp.byteCount + 2
        case .array(let elements):
            byteCount += 2 + max(elements.count - 1, 0)
            guard depth <= depthLimit else { return self.depth = depth + 1 }
            for element in elements { add(element, depth: depth + 1) }
        case .object(let members):
            byteCount += 2 + Self.membersByteCount(members)
            guard depth <= depthLimit else { return self.depth = depth + 1 }
            for member in members.values { add(member, depth: depth + 1) }
        }
    }

    private static func digitCount(_ number: Int) -> Int {
        var count = number < 0 ? 2 : 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// As ``WireJSONWriter`` writes it.
    private static func byteCount(_ number: Double) -> Int {
        guard number.isFinite else { return 4 }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return digitCount(Int(number)) }
        return String(number).utf8.count
    }
}
