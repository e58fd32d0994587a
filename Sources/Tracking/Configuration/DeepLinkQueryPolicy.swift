import Foundation

/// Which query parameters of a deep link ``Tracker/openURL(_:referringApplication:)-(URL,_)`` keeps in the
/// URL it records (``TrackingConfiguration/deepLinkQueryPolicy``).
///
/// Names are compared as a server reads them: percent-decoded (`+` as a space), trimmed of white space and
/// case-folded, so `?Access_Token=`, `?%20access_token=` and `?acc%65ss_token=` are all `access_token`.
/// Parameters are separated by `&` or `;`. The same rules choose which matrix parameters (`;name=value`
/// inside a path segment) a link keeps (see ``DeepLinkPathPolicy``).
///
/// - ``removing(_:)`` leaves out the parameters it names, and also those a web framework would read as
///   one of them: with a bracket or dot suffix (`access_token[]`, `access_token[0]`, `access_token.x`,
///   as PHP, qs, Rack and ASP.NET read nested names) or with dots and spaces for underscores
///   (`access.token`, as PHP reads it). Every other parameter is kept.
/// - ``keepingOnly(_:)`` is strict: a parameter survives only if its name is exactly one of those named
///   (after decoding, trimming and case-folding); any other name, bracketed or dotted ones included, is
///   left out.
///
/// Under either policy, a parameter whose value is itself a URL or a query (`redirect=https%3A%2F%2F…%3F
/// access_token%3D…`) has that nested query cleaned by the same policy, through up to 8 levels of
/// percent-encoding; the rest of the value is kept as it was.
///
/// ```swift
/// configuration.deepLinkQueryPolicy = .keepingOnly(["utm_source", "utm_campaign", "item"])
/// ```
public struct DeepLinkQueryPolicy: Hashable, Sendable {
    // MARK: - Public

    /// The names the default policy removes: `access_token`, `id_token`, `refresh_token`, `token`, `code`
    /// and `password`, which sign-in and password-reset links carry, and `session`, `session_id`, `sessionid`
    /// and `jsessionid`, the session ids servers put in links (often as a matrix parameter, `;jsessionid=`).
    public static let defaultRemovedNames: Set<String> = [
        "access_token", "id_token", "refresh_token", "token", "code", "password",
        "session", "session_id", "sessionid", "jsessionid",
    ]

    /// The default: ``removing(_:)`` the ``defaultRemovedNames``.
    public static let `default` = removing(defaultRemovedNames)

    /// Keeps every parameter except those named in `names` (and the names a web framework reads as them).
    /// - Parameter names: Parameter names to leave out; compared percent-decoded, trimmed and case-folded.
    public static func removing(_ names: Set<String>) -> Self {
        Self(mode: .removing, names: names)
    }

    /// Keeps only the parameters named exactly in `names`; every other parameter is left out.
    /// - Parameter names: Parameter names to keep; compared percent-decoded, trimmed and case-folded.
    public static func keepingOnly(_ names: Set<String>) -> Self {
        Self(mode: .keepingOnly, names: names)
    }

    /// The names this policy removes (``removing(_:)``), or `nil` for a ``keepingOnly(_:)`` policy.
    public var removedNames: Set<String>? {
        mode == .removing ? names : nil
    }

    /// The names this policy keeps (``keepingOnly(_:)``), or `nil` for a ``removing(_:)`` policy.
    public var keptNames: Set<String>? {
        mode == .keepingOnly ? names : nil
    }

    // MARK: - Internal

    enum Mode: Hashable, Sendable {
        case removing
        case keepingOnly
    }

    let mode: Mode
    let names: Set<String>
    /// ``names`` as compared: trimmed and case-folded.
    let normalizedNames: Set<String>

    // MARK: - Private

    private init(mode: Mode, names: Set<String>) {
        self.mode = mode
        self.names = names
        normalizedNames = Set(names.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() })
    }
}
