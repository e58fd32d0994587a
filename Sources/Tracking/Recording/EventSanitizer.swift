/// Makes recorded events safe to deliver: drops events without a usable name, truncates oversized names
/// and values, bounds the depth, count and size of properties, replaces what no wire format can carry, and
/// says so in a diagnostic each time.
///
/// Diagnostics name the code, the property key and counts, never a value, a name or an identifier: they are
/// logged, and property values and identifiers can be personal data.
///
/// Runs only on events about to be delivered (a few per second at most), never per scanned view; valid
/// events, the normal case, pass through without their properties being rebuilt.
struct EventSanitizer {
    // MARK: - Internal

    var maximumNameLength: Int
    var maximumPropertyValueLength: Int
    var maximumPropertyDepth: Int
    var maximumPropertyCount: Int
    var maximumPropertiesByteCount: Int

    init(
        maximumNameLength: Int = 256, maximumPropertyValueLength: Int = 1024, maximumPropertyDepth: Int = 8,
        maximumPropertyCount: Int = 1000, maximumPropertiesByteCount: Int = 24_000
    ) {
        self.maximumNameLength = maximumNameLength
        self.maximumPropertyValueLength = maximumPropertyValueLength
        self.maximumPropertyDepth = maximumPropertyDepth
        self.maximumPropertyCount = maximumPropertyCount
        self.maximumPropertiesByteCount = maximumPropertiesByteCount
    }

    init(_ configuration: TrackingConfiguration) {
        self.init(
            maximumNameLength: configuration.maximumNameLength,
            maximumPropertyValueLength: configuration.maximumPropertyValueLength,
            maximumPropertyDepth: configuration.maximumPropertyDepth,
            maximumPropertyCount: configuration.maximumPropertyCount,
            maximumPropertiesByteCount: configuration.maximumPropertiesByteCount
        )
    }

    /// The event made deliverable, or `nil` when it cannot be (its subject has no name).
    func sanitize(_ event: TrackingEvent, report: (TrackingDiagnostic) -> Void) -> TrackingEvent? {
        var event = event
        if event.isExplicit {
            let owner: String
            if event.kind == .group {
                guard let groupID = event.groupID, strictlyValid(id: groupID, what: "group id", report: report) else { return nil }
                owner = "the group event"
            } else if event.kind == .alias {
                guard let userID = event.identity?.userID, strictlyValid(id: userID, what: "alias user id", report: report),
                      let previousID = event.previousID, strictlyValid(id: previousID, what: "alias previous id", report: report)
                else { return nil }
                owner = "the alias event"
            } else if let eventName = event.eventName {
                guard let name = sanitize(name: eventName.rawValue, what: "event name", report: report) else { return nil }
                event.eventName = TrackingEventName(rawValue: name)
                owner = "the track event"
            } else if let userID = event.identity?.userID {
                // As for alias and group: a cut id would name another user, whose traits would merge.
                guard strictlyValid(id: userID, what: "user id", report: report) else { return nil }
                owner = "the identify event"
            } else {
                // Traits of a person not identified yet (`identify(traits:)`), as Segment allows.
                owner = "the identify event"
            }
            event.eventProperties = sanitize(event.eventProperties, owner: owner, report: report) ?? event.eventProperties
        } else if let element = event.element {
            guard let valid = sanitize(element, report: report) else { return nil }
            event.element = valid
            if let screen = event.screen {
                // A broken context must not cost the element its impression.
                event.screen = sanitize(screen, subject: false, report: report)
            }
        } else if let screen = event.screen {
            guard let valid = sanitize(screen, subject: true, report: report) else { return nil }
            event.screen = valid
        } else {
            report(TrackingDiagnostic(code: .emptyName, message: "\(event.kind) event has neither element nor screen; dropped"))
            return nil
        }
        if !event.visibleRatio.isFinite {
            event.visibleRatio = 0
        }
        if let duration = event.visibleDuration, !(duration.isFinite && duration >= 0) {
            event.visibleDuration = 0
        }
        return event
    }

    /// The most the traits kept with the identity may take as JSON: they ride on every later event, so
    /// they must leave room for its own properties within the 32,000-byte message limit of delivery. With the
    /// default limits (24,000 bytes of properties, six names of 256) an event that passes validation still fits.
    static let maximumTraitsByteCount = 4_000

    /// `traits` repaired and within ``maximumTraitsByteCount`` (or ``maximumPropertiesByteCount`` if
    /// smaller), with a diagnostic for each repair.
    func bounded(traits: TrackingProperties, report: (TrackingDiagnostic) -> Void) -> TrackingProperties {
        var limits = self
        limits.maximumPropertiesByteCount = min(maximumPropertiesByteCount, Self.maximumTraitsByteCount)
        return limits.sanitize(traits, owner: "the user's traits", report: report) ?? traits
    }

    // MARK: - Private

    /// Whether an id that names something (a group, a user) is usable as it is: a blank or over-long one
    /// would name something else once cut, so the event is dropped with a diagnostic instead.
    private func strictlyValid(id: String, what: String, report: (TrackingDiagnostic) -> Void) -> Bool {
        if isBlank(id) {
            report(TrackingDiagnostic(code: .emptyName, message: "\(what) is empty; event dropped"))
            return false
        }
        if id.utf8.count > maximumNameLength {
            report(TrackingDiagnostic(
                code: .nameTooLong,
                message: "\(what) is \(id.utf8.count) UTF-8 bytes, over the limit of \(maximumNameLength); event dropped"
            ))
            return false
        }
        return true
    }

    /// What repairing one top-level property found inside its value, reported once per property.
    private struct Findings {
        var nonFinite = 0
        var invalidDates = 0
        var longStrings = 0
        var longKeys = 0
        var invalidKeys = 0
        var tooDeep = 0
        var overCount = 0
    }

    /// A non-blank name within the length limit, or `nil` (with a diagnostic) when it is blank.
    private func sanitize(name: String, what: String, report: (TrackingDiagnostic) -> Void) -> String? {
        guard !isBlank(name) else {
            report(TrackingDiagnostic(code: .emptyName, message: "\(what) is empty; event dropped"))
            return nil
        }
        return truncated(name, to: maximumNameLength, code: .nameTooLong, what: what, report: report) ?? name
    }

    private func sanitize(_ element: TrackingElement, report: (TrackingDiagnostic) -> Void) -> TrackingElement? {
        guard !isBlank(element.elementType.rawValue) else {
            report(TrackingDiagnostic(code: .emptyName, message: "element type is empty; impression dropped"))
            return nil
        }
        var element = element
        let type = truncated(element.elementType.rawValue, to: maximumNameLength, code: .nameTooLong, what: "element type", report: report)
        if let type { element.elementType = TrackingElementType(rawValue: type) }
        if let identifier = element.identifier,
           let short = truncated(identifier, to: maximumNameLength, code: .nameTooLong, what: "element identifier", report: report) {
            element.identifier = short
        }
        if let properties = sanitize(element.properties, owner: "the element", report: report) {
            element.properties = properties
        }
        return element
    }

    private func sanitize(_ screen: TrackingScreen, subject: Bool, report: (TrackingDiagnostic) -> Void) -> TrackingScreen? {
        guard !isBlank(screen.screenName.rawValue) else {
            report(TrackingDiagnostic(
                code: .emptyName,
                message: "screen name is empty; " + (subject ? "screen view dropped" : "screen context dropped from the impression")
            ))
            return nil
        }
        var screen = screen
        if let name = truncated(screen.screenName.rawValue, to: maximumNameLength, code: .nameTooLong, what: "screen name", report: report) {
            screen.screenName = TrackingScreenName(rawValue: name)
        }
        if let identifier = screen.identifier,
           let short = truncated(identifier, to: maximumNameLength, code: .nameTooLong, what: "screen identifier", report: report) {
            screen.identifier = short
        }
        if let properties = sanitize(screen.properties, owner: "the screen", report: report) {
            screen.properties = properties
        }
        return screen
    }

    /// The repaired properties, or `nil` when they are valid as they are. Properties are repaired in key
    /// order, so that what a limit cuts off is the same on every run.
    private func sanitize(
        _ properties: TrackingProperties, owner: String, report: (TrackingDiagnostic) -> Void
    ) -> TrackingProperties? {
        let measure = TrackingPropertyMeasure(properties, depthLimit: maximumPropertyDepth)
        guard measure.depth > maximumPropertyDepth || measure.valueCount > maximumPropertyCount
            || measure.byteCount > maximumPropertiesByteCount
            || properties.contains(where: { !isValid(key: $0.key) || !isValid($0.value) })
        else { return nil }
        var repaired: TrackingProperties = [:]
        var remaining = maximumPropertyCount
        var overCount = 0
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
            if key.isEmpty {
                report(TrackingDiagnostic(code: .invalidProperty, message: "\(owner) has a property with an empty key; dropped"))
                continue
            }
            if case .double(let number) = value, !number.isFinite {
                report(TrackingDiagnostic(
                    code: .invalidProperty, message: "property \"\(prefix(of: key))\" of \(owner) is NaN or infinite; dropped"
                ))
                continue
            }
            if case .date(let date) = value, !WireTimestamp.isRepresentable(date) {
                report(TrackingDiagnostic(
                    code: .invalidProperty,
                    message: "property \"\(prefix(of: key))\" of \(owner) is a date that is not finite or not within years 0000 to 9999; dropped"
                ))
                continue
            }
            let validKey = truncated(key, to: maximumNameLength, code: .nameTooLong,
                                     what: "key \"\(prefix(of: key))\" of a property of \(owner)", report: report) ?? key
            guard repaired[validKey] == nil else {
                report(TrackingDiagnostic(
                    code: .invalidProperty,
                    message: "property \"\(prefix(of: key))\" of \(owner) truncates to a key it already has; dropped"
                ))
                continue
            }
            var findings = Findings()
            let validValue = repair(value, depth: 1, remaining: &remaining, findings: &findings)
            overCount += findings.overCount
            reportFindings(findings, key: validKey, owner: owner, report: report)
            if let validValue { repaired[validKey] = validValue }
        }
        if overCount > 0 {
            report(TrackingDiagnostic(
                code: .tooManyProperties,
                message: "\(owner) has \(measure.valueCount) property values, over the limit of \(maximumPropertyCount); "
                    + "\(overCount) past it dropped"
            ))
        }
        return fitted(repaired, owner: owner, report: report)
    }

    /// `value` within the limits, or `nil` when it is dropped whole; `remaining` counts down the values the
    /// count limit still allows. Recursion stops at ``maximumPropertyDepth``.
    private func repair(
        _ value: TrackingPropertyValue, depth: Int, remaining: inout Int, findings: inout Findings
    ) -> TrackingPropertyValue? {
        guard remaining > 0 else {
            findings.overCount += 1
            return nil
        }
        remaining -= 1
        switch value {
        case .double(let number) where !number.isFinite:
            findings.nonFinite += 1
            return .null
        case .date(let date) where !WireTimestamp.isRepresentable(date):
            findings.invalidDates += 1
            return nil
        case .string(let text):
            guard let short = cut(text, to: maximumPropertyValueLength) else { return value }
            findings.longStrings += 1
            return .string(short)
        case .array(let elements):
            guard elements.isEmpty || depth < maximumPropertyDepth else {
                findings.tooDeep += 1
                return nil
            }
            return .array(elements.compactMap { repair($0, depth: depth + 1, remaining: &remaining, findings: &findings) })
        case .object(let members):
            guard members.isEmpty || depth < maximumPropertyDepth else {
                findings.tooDeep += 1
                return nil
            }
            var repaired: TrackingProperties = [:]
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                let validKey = cut(key, to: maximumNameLength) ?? key
                if validKey != key { findings.longKeys += 1 }
                guard !key.isEmpty, repaired[validKey] == nil else {
                    findings.invalidKeys += 1
                    continue
                }
                if let valid = repair(member, depth: depth + 1, remaining: &remaining, findings: &findings) {
                    repaired[validKey] = valid
                }
            }
            return .object(repaired)
        default:
            return value
        }
    }

    private func reportFindings(_ findings: Findings, key: String, owner: String, report: (TrackingDiagnostic) -> Void) {
        let found: [(count: Int, code: TrackingDiagnostic.Code, what: String)] = [
            (findings.nonFinite, .invalidProperty, "NaN or infinite number(s); replaced by null"),
            (findings.invalidDates, .invalidProperty, "date(s) not finite or not within years 0000 to 9999; dropped"),
            (findings.longStrings, .propertyValueTooLong, "string(s) over \(maximumPropertyValueLength) UTF-8 bytes; truncated"),
            (findings.longKeys, .nameTooLong, "key(s) over \(maximumNameLength) UTF-8 bytes; truncated"),
            (findings.invalidKeys, .invalidProperty, "member(s) with an empty or duplicate (once truncated) key; dropped"),
            (findings.tooDeep, .propertiesTooDeep, "value(s) nested over \(maximumPropertyDepth) levels; dropped"),
        ]
        for (count, code, what) in found where count > 0 {
            report(TrackingDiagnostic(code: code, message: "property \"\(prefix(of: key))\" of \(owner) holds \(count) \(what)"))
        }
    }

    /// `properties` within ``maximumPropertiesByteCount`` as JSON: in key order, each property that still
    /// fits is kept and each that does not is dropped.
    private func fitted(_ properties: TrackingProperties, owner: String, report: (TrackingDiagnostic) -> Void) -> TrackingProperties {
        let byteCount = TrackingPropertyMeasure(properties, depthLimit: maximumPropertyDepth).byteCount
        guard byteCount > maximumPropertiesByteCount else { return properties }
        var fitted: TrackingProperties = [:]
        var budget = maximumPropertiesByteCount - 2
        var dropped = 0
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
            let cost = key.utf8.count + 3 + TrackingPropertyMeasure.byteCount(of: value) + (fitted.isEmpty ? 0 : 1)
            if cost <= budget {
                fitted[key] = value
                budget -= cost
            } else {
                dropped += 1
            }
        }
        report(TrackingDiagnostic(
            code: .propertiesTooLarge,
            message: "\(owner) has properties of \(byteCount) bytes as JSON, over the limit of \(maximumPropertiesByteCount); "
                + "\(dropped) of \(properties.count) dropped"
        ))
        return fitted
    }

    private func isValid(key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= maximumNameLength
    }

    /// Recursive; called only on values already measured within ``maximumPropertyDepth``.
    private func isValid(_ value: TrackingPropertyValue) -> Bool {
        switch value {
        case .double(let number): number.isFinite
        case .string(let text): text.utf8.count <= maximumPropertyValueLength
        case .date(let date): WireTimestamp.isRepresentable(date)
        case .int, .bool, .null: true
        case .array(let elements): elements.allSatisfy(isValid)
        case .object(let members): members.allSatisfy { isValid(key: $0.key) && isValid($0.value) }
        }
    }

    private func isBlank(_ text: String) -> Bool {
        text.allSatisfy(\.isWhitespace)
    }

    /// `text` cut to at most `limit` UTF-8 bytes on a character boundary, with a diagnostic naming `what`
    /// and the sizes, or `nil` when it already fits.
    private func truncated(
        _ text: String, to limit: Int, code: TrackingDiagnostic.Code, what: String, report: (TrackingDiagnostic) -> Void
    ) -> String? {
        guard let result = cut(text, to: limit) else { return nil }
        report(TrackingDiagnostic(
            code: code,
            message: "\(what) is \(text.utf8.count) UTF-8 bytes, over the limit of \(limit); truncated to \(result.utf8.count)"
        ))
        return result
    }

    /// `text` cut to at most `limit` UTF-8 bytes on a character boundary, or `nil` when it already fits.
    private func cut(_ text: String, to limit: Int) -> String? {
        guard text.utf8.count > limit else { return nil }
        var bytes = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            guard bytes + size <= limit else { break }
            bytes += size
            end = next
        }
        return String(text[..<end])
    }

    /// Enough of a possibly huge key to recognise it in a log line.
    private func prefix(of text: String) -> String {
        text.utf8.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
