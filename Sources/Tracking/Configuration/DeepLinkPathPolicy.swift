import Foundation

/// Which segments of a deep link's path ``Tracker/openURL(_:referringApplication:)-(URL,_)`` keeps in the URL
/// it records (``TrackingConfiguration/deepLinkPathPolicy``); a removed segment becomes ``placeholder``, so the
/// path keeps its shape (`/auth/magic/:redacted`).
///
/// - ``redactingSecrets(secretTemplates:keptTemplates:uuidsAreSecret:)`` (the ``default``) removes the
///   segments that look like a secret, read percent-decoded: a JWT (three base64url parts, or five for an
///   encrypted one, the first a JSON header, `eyJ…`), 32 or more hexadecimal characters in a row (a reset
///   token, a hash), 20 or more base64url characters in a row mixing upper case, lower case and digits, 24 or
///   more letters and digits in a row mixing both, and a UUID (see ``uuidsAreSecret``). Numeric ids, slugs
///   (`post-17`, `swift-concurrency-explained`) and words stay.
/// - ``keepingOnly(_:secretTemplates:)`` is strict: no segment is judged by its look; a path keeps its segments
///   only where one of the app's templates gives them, and every other segment is removed.
///
/// A template is a path with `:name` for each variable segment (`"/reset-password/:token"`). The templates
/// override the look either way: a `secretTemplates` parameter is removed however short
/// (`/invite/:code` removes `/invite/A7`), a `keptTemplates` parameter is kept however long. A template
/// matches a path with as many non-empty segments, its literal segments equal to the path's (percent-decoded,
/// case-sensitive); for a scheme other than HTTP(S) the host counts as the first segment
/// (`myapp://invite/A7` matches `/invite/:code`). The host itself is never changed.
///
/// Matrix parameters (`/items;session=abc;color=red/list`) follow the names rules of
/// ``TrackingConfiguration/deepLinkQueryPolicy``: a parameter whose name it removes (or does not keep) is left
/// out, and a kept one whose value looks like a secret (by the rules above, under either policy) has its value
/// replaced by ``placeholder``.
///
/// ```swift
/// configuration.deepLinkPathPolicy = .redactingSecrets(
///     secretTemplates: ["/reset-password/:token", "/invite/:code"],
///     keptTemplates: ["/articles/:slug"]
/// )
/// ```
public struct DeepLinkPathPolicy: Hashable, Sendable {
    // MARK: - Public

    /// What a removed segment (or a matrix parameter's secret value) is replaced with: `:redacted`, a
    /// template parameter's own syntax, so a recorded path reads as the route it came from.
    public static let placeholder = ":redacted"

    /// The default: ``redactingSecrets(secretTemplates:keptTemplates:uuidsAreSecret:)`` without templates,
    /// UUIDs treated as secrets.
    public static let `default` = redactingSecrets()

    /// Removes the segments that look like a secret, the parameters of `secretTemplates`, and keeps every
    /// other segment.
    /// - Parameters:
    ///   - secretTemplates: Paths (`"/reset-password/:token"`) whose `:name` segments are always removed.
    ///   - keptTemplates: Paths (`"/articles/:slug"`) whose `:name` segments are always kept; a secret
    ///     template matching the same path wins.
    ///   - uuidsAreSecret: Whether a UUID (`3f2504e0-4f89-11d3-9a0c-0305e82c3301`) is removed. Default
    ///     `true`: a random UUID is unguessable, which is what invitation, password-reset and shared-document
    ///     links rely on, and a path cannot tell such a capability from a resource id.
    public static func redactingSecrets(secretTemplates: [String] = [], keptTemplates: [String] = [], uuidsAreSecret: Bool = true) -> Self {
        Self(isStrict: false, secretTemplates: secretTemplates, keptTemplates: keptTemplates, uuidsAreSecret: uuidsAreSecret)
    }

    /// Keeps a path's segments only where a template gives them: the literal segments of a matching template,
    /// and the `:name` segments of a matching `templates` entry. Every other segment is removed, a path that
    /// matches no template keeping only its shape (`/:redacted/:redacted`).
    /// - Parameters:
    ///   - templates: Paths (`"/products/:id/reviews"`) whose literal and `:name` segments are kept.
    ///   - secretTemplates: Paths (`"/reset-password/:token"`) whose literal segments are kept and whose
    ///     `:name` segments are removed; wins over `templates` matching the same path.
    public static func keepingOnly(_ templates: [String], secretTemplates: [String] = []) -> Self {
        Self(isStrict: true, secretTemplates: secretTemplates, keptTemplates: templates, uuidsAreSecret: true)
    }

    /// Whether this is a ``keepingOnly(_:secretTemplates:)`` policy, which judges no segment by its look.
    public let isStrict: Bool

    /// The templates whose `:name` segments are removed.
    public let secretTemplates: [String]

    /// The templates whose `:name` segments are kept.
    public let keptTemplates: [String]

    /// Whether a UUID is removed (``redactingSecrets(secretTemplates:keptTemplates:uuidsAreSecret:)``); a
    /// ``keepingOnly(_:secretTemplates:)`` policy removes it as any segment no template keeps.
    public let uuidsAreSecret: Bool

    // MARK: - Internal

    /// ``secretTemplates`` and ``keptTemplates``, parsed, the secret ones first.
    let templates: [DeepLinkPathTemplate]

    // MARK: - Private

    private init(isStrict: Bool, secretTemplates: [String], keptTemplates: [String], uuidsAreSecret: Bool) {
        self.isStrict = isStrict
        self.secretTemplates = secretTemplates
        self.keptTemplates = keptTemplates
        self.uuidsAreSecret = uuidsAreSecret
        templates = secretTemplates.map { DeepLinkPathTemplate($0, isSecret: true) }
            + keptTemplates.map { DeepLinkPathTemplate($0, isSecret: false) }
    }
}
