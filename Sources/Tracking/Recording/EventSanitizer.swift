/// Makes recorded events safe to deliver: drops events without a usable name, truncates oversized names
/// and values, drops properties that no wire format can carry, and says so in a diagnostic each time.
///
/// Runs only on events about to be delivered (a few per second at most), never per scanned view; valid
/// events, the normal case, pass through without their properties being rebuilt.
struct EventSanitizer {
    // MARK: - Internal

    var maximumNameLength: Int
    var maximumPropertyValueLength: Int

    init(maximumNameLength: Int = 256, maximumPropertyValueLength: Int = 1024) {
        self.maximumNameLength = maximumNameLength
        self.maximumPropertyValueLength = maximumPropertyValueLength
    }

    init(_ configuration: TrackingConfiguration) {
        self.init(
            maximumNameLength: configuration.maximumNameLength,
            maximumPropertyValueLength: configuration.maximumPropertyValueLength
        )
    }

    /// The event made deliverable, or `nil` when it cannot be (its subject has no name).
    func sanitize(_ event: TrackingEvent, report: (TrackingDiagnostic) -> Void) -> TrackingEvent? {
        var event = event
        if event.isExplicit {
            let owner: String
            if let eventName = event.eventName {
                guard let name = sanitize(name: eventName.rawValue, what: "event name", report: report) else { return nil }
                event.eventName = TrackingEventName(rawValue: name)
                owner = "event \(name)"
            } else if let userID = event.identity?.userID {
                guard let valid = sanitize(name: userID, what: "user id", report: report) else { return nil }
                event.identity?.userID = valid
                owner = "user \(valid)"
            } else {
                // Traits of a person not identified yet (`identify(traits:)`), as Segment allows.
                owner = "anonymous user"
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
        return event
    }

    // MARK: - Private

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
            report(TrackingDiagnostic(
                code: .emptyName,
                message: "element type is empty (identifier \(element.identifier.map { "\"\($0)\"" } ?? "nil")); impression dropped"
            ))
            return nil
        }
        var element = element
        let type = truncated(element.elementType.rawValue, to: maximumNameLength, code: .nameTooLong, what: "element type", report: report)
        if let type { element.elementType = TrackingElementType(rawValue: type) }
        if let identifier = element.identifier,
           let short = truncated(identifier, to: maximumNameLength, code: .nameTooLong, what: "identifier of element \(element.elementType)", report: report) {
            element.identifier = short
        }
        if let properties = sanitize(element.properties, owner: "element \(element.elementType)", report: report) {
            element.properties = properties
        }
        return element
    }

    private func sanitize(_ screen: TrackingScreen, subject: Bool, report: (TrackingDiagnostic) -> Void) -> TrackingScreen? {
        guard !isBlank(screen.screenName.rawValue) else {
            report(TrackingDiagnostic(
                code: .emptyName,
                message: "screen name is empty (identifier \(screen.identifier.map { "\"\($0)\"" } ?? "nil")); "
                    + (subject ? "screen view dropped" : "screen context dropped from the impression")
            ))
            return nil
        }
        var screen = screen
        if let name = truncated(screen.screenName.rawValue, to: maximumNameLength, code: .nameTooLong, what: "screen name", report: report) {
            screen.screenName = TrackingScreenName(rawValue: name)
        }
        if let identifier = screen.identifier,
           let short = truncated(identifier, to: maximumNameLength, code: .nameTooLong, what: "identifier of screen \(screen.screenName)", report: report) {
            screen.identifier = short
        }
        if let properties = sanitize(screen.properties, owner: "screen \(screen.screenName)", report: report) {
            screen.properties = properties
        }
        return screen
    }

    /// The repaired properties, or `nil` when they are valid as they are.
    private func sanitize(
        _ properties: TrackingProperties, owner: String, report: (TrackingDiagnostic) -> Void
    ) -> TrackingProperties? {
        guard properties.contains(where: { !isValid(key: $0.key, value: $0.value) }) else { return nil }
        var repaired: TrackingProperties = [:]
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
            if key.isEmpty {
                report(TrackingDiagnostic(code: .invalidProperty, message: "\(owner) has a property with an empty key; dropped"))
                continue
            }
            if case .double(let number) = value, !number.isFinite {
                report(TrackingDiagnostic(code: .invalidProperty, message: "\(owner) property \"\(prefix(of: key))\" is \(number); dropped"))
                continue
            }
            let validKey = truncated(key, to: maximumNameLength, code: .nameTooLong, what: "property key of \(owner)", report: report) ?? key
            var validValue = value
            if case .string(let text) = value,
               let short = truncated(text, to: maximumPropertyValueLength, code: .propertyValueTooLong,
                                     what: "value of \(owner) property \"\(prefix(of: validKey))\"", report: report) {
                validValue = .string(short)
            }
            guard repaired[validKey] == nil else {
                report(TrackingDiagnostic(
                    code: .invalidProperty,
                    message: "\(owner) property \"\(prefix(of: key))\" truncates to a key it already has; dropped"
                ))
                continue
            }
            repaired[validKey] = validValue
        }
        return repaired
    }

    private func isValid(key: String, value: TrackingPropertyValue) -> Bool {
        guard !key.isEmpty, key.utf8.count <= maximumNameLength else { return false }
        switch value {
        case .double(let number): return number.isFinite
        case .string(let text): return text.utf8.count <= maximumPropertyValueLength
        case .int, .bool: return true
        }
    }

    private func isBlank(_ text: String) -> Bool {
        text.allSatisfy(\.isWhitespace)
    }

    /// `text` cut to at most `limit` UTF-8 bytes on a character boundary, or `nil` when it already fits.
    private func truncated(
        _ text: String, to limit: Int, code: TrackingDiagnostic.Code, what: String, report: (TrackingDiagnostic) -> Void
    ) -> String? {
        let length = text.utf8.count
        guard length > limit else { return nil }
        var bytes = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            guard bytes + size <= limit else { break }
            bytes += size
            end = next
        }
        let result = String(text[..<end])
        report(TrackingDiagnostic(
            code: code,
            message: "\(what) \"\(prefix(of: text))\" is \(length) UTF-8 bytes, over the limit of \(limit); truncated to \(bytes)"
        ))
        return result
    }

    /// Enough of a possibly huge string to recognise it in a log line.
    private func prefix(of text: String) -> String {
        text.utf8.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
