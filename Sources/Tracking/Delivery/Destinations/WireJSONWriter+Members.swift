import Foundation

extension WireJSONWriter {
    // MARK: - Internal

    /// Writes `members` inside an object already opened, each after a comma unless it is the object's
    /// first member (`isFirst`, updated): vendor formats merge the event's properties and context into one
    /// object without building a combined array.
    package mutating func writeMembers(_ members: [WireJSONMember], isFirst: inout Bool) {
        for member in members {
            writeKey(member.key, first: isFirst)
            isFirst = false
            write(member.value)
        }
    }

    /// Writes one member inside an object already opened (see ``writeMembers(_:isFirst:)``).
    package mutating func writeMember(_ key: String, _ value: WireJSON, isFirst: inout Bool) {
        writeKey(key, first: isFirst)
        isFirst = false
        write(value)
    }
}
