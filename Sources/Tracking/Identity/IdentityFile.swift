import Foundation

/// `identity.json` read field by field within the bounds the API sets, so that a file the app did not write
/// (tampered with, or restored from an older or foreign install) costs a diagnostic and its bad part, never
/// the rest of the identity nor the delivery of every later event (traits ride on every event: traits over
/// the limits would have every event refused as too large or too deep).
///
/// - The anonymous id must be a UUID; otherwise a new one replaces it, and the user id and traits are kept.
/// - The user id must be a non-blank string of at most 256 UTF-8 bytes (the limit of
///   ``Tracker/identify(userID:traits:)-(_,TrackingProperties)``); otherwise it is dropped.
/// - The traits must be an object; they are bounded as an identification bounds them: at most 8 levels deep,
///   4,000 bytes as JSON, strings and keys within their lengths. What is over the limits is dropped or cut.
/// - Nesting deeper than ``ShallowJSON/defaultMaximumDepth`` is cut before decoding, so no depth can crash
///   or stall the reading.
///
/// Each dropped field costs one ``TrackingDiagnostic/Code/identityStorageFailed``; a repaired identity is
/// written back by its store (``isRepaired``).
struct IdentityFile {
    // MARK: - Internal

    /// The identity the file holds, within the bounds.
    var identity: TrackingIdentity
    /// Whether anything was dropped or repaired, so that the file should be written again.
    var isRepaired: Bool

    /// Reads `bytes`; `nil` when they are not a JSON object (nothing of an identity is readable).
    /// - Parameter report: Receives one diagnostic per dropped or repaired field.
    init?(decoding bytes: [UInt8], report: (TrackingDiagnostic) -> Void) {
        let (shallow, cut) = ShallowJSON.bounded(bytes)
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(shallow)) else { return nil }
        isRepaired = cut > 0
        var identity = TrackingIdentity()
        switch fields.anonymousID {
        case .value(let id):
            identity.anonymousID = id
        case .missing, .unreadable:
            isRepaired = true
            report(Self.diagnostic("identity.json has no readable anonymous id; a new one replaces it, the user id and traits are kept"))
        }
        switch fields.userID {
        case .missing:
            break
        case .unreadable:
            isRepaired = true
            report(Self.diagnostic("identity.json holds a user id that is not a string; it is dropped, the rest of the identity kept"))
        case .value(let userID):
            let limit = Self.sanitizer.maximumNameLength
            if userID.allSatisfy(\.isWhitespace) {
                isRepaired = true
                report(Self.diagnostic("identity.json holds a blank user id; it is dropped, the rest of the identity kept"))
            } else if userID.utf8.count > limit {
                isRepaired = true
                report(Self.diagnostic(
                    "identity.json holds a user id of \(userID.utf8.count) UTF-8 bytes, over the limit of \(limit); "
                        + "it is dropped, the rest of the identity kept"
                ))
            } else {
                identity.userID = userID
            }
        }
        switch fields.traits {
        case .missing:
            break
        case .unreadable:
            isRepaired = true
            report(Self.diagnostic("identity.json holds traits that cannot be read; the identity is kept without them"))
        case .value(let traits):
            var findings: [TrackingDiagnostic] = []
            identity.traits = Self.sanitizer.bounded(traits: traits) { findings.append($0) }
            if identity.traits != traits {
                isRepaired = true
                let codes = Set(findings.map(\.code.rawValue)).sorted().joined(separator: ", ")
                report(Self.diagnostic(
                    "identity.json holds traits over the limits of an identification (\(codes)); what is over them is dropped, "
                        + "\(identity.traits.count) of \(traits.count) trait(s) kept"
                ))
            }
        }
        self.identity = identity
    }

    // MARK: - Private

    /// The API's default limits: those every identification is held to.
    private static let sanitizer = EventSanitizer()

    private static func diagnostic(_ message: String) -> TrackingDiagnostic {
        TrackingDiagnostic(code: .identityStorageFailed, message: message)
    }

    /// One field of the file: absent (or `null`), present but not of its type, or its value.
    private enum Field<Value: Decodable> {
        case missing
        case unreadable
        case value(Value)

        init<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) {
            if !container.contains(key) || (try? container.decodeNil(forKey: key)) == true {
                self = .missing
            } else if let value = try? container.decode(Value.self, forKey: key) {
                self = .value(value)
            } else {
                self = .unreadable
            }
        }
    }

    /// The fields, each read on its own.
    private struct Fields: Decodable {
        var anonymousID: Field<UUID>
        var userID: Field<String>
        var traits: Field<TrackingProperties>

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            anonymousID = Field(container, .anonymousID)
            userID = Field(container, .userID)
            traits = Field(container, .traits)
        }

        private enum Key: String, CodingKey {
            case anonymousID
            case userID
            case traits
        }
    }
}
