import Foundation

/// A URL made fit for analytics: validated, without credentials, fragment, the query parameters the
/// app's ``DeepLinkQueryPolicy`` leaves out and the path segments and matrix parameters its
/// ``DeepLinkPathPolicy`` removes, rebuilt from its parts with `URLComponents` (never by editing the string).
/// Every URL the tracker records goes through here (`Deep Link Opened`, and `Application Opened`'s `url` and a
/// `referring_application` that is a URL).
///
/// A URL over ``maximumLength`` UTF-8 bytes is refused before it is parsed, so that cleaning stays cheap
/// whatever the app is handed (a deep link may come from any web page or message).
///
/// Any scheme is a deep link (`https://127.0.0.1/item/42`, `myapp://item/42`) except `file`, whose paths
/// name the device's folders. HTTP(S) URLs need a host.
struct DeepLinkURL {
    // MARK: - Internal

    /// Why a URL is not recorded; the descriptions say so without quoting it.
    enum Problem: Error, CustomStringConvertible {
        case empty
        case malformed
        case noScheme
        case noHost
        case fileURL
        case tooLong(Int)

        var description: String {
            switch self {
            case .empty: "the URL string is empty"
            case .malformed: "the URL is malformed"
            case .noScheme: "the URL has no scheme"
            case .noHost: "the HTTP(S) URL has no host"
            case .fileURL: "a file URL is not a deep link"
            case .tooLong(let length): "the URL is \(length) UTF-8 bytes, over the limit of \(DeepLinkURL.maximumLength)"
            }
        }
    }

    /// The cleaned URL's string.
    let string: String

    /// The longest URL recorded, in UTF-8 bytes: far longer than real deep links (browsers' own limits start
    /// at a few KB of query), short enough that cleaning one costs microseconds.
    static let maximumLength = 16 << 10

    /// Parses and cleans `string`.
    /// - Parameters:
    ///   - string: What the app was asked to open.
    ///   - policy: Which query parameters to keep.
    ///   - pathPolicy: Which path segments to keep.
    static func cleaned(_ string: String, policy: DeepLinkQueryPolicy, pathPolicy: DeepLinkPathPolicy) -> Result<DeepLinkURL, Problem> {
        guard string.utf8.count <= maximumLength else { return .failure(.tooLong(string.utf8.count)) }
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        guard let components = URLComponents(string: trimmed) else { return .failure(.malformed) }
        return cleaned(components, policy: policy, pathPolicy: pathPolicy)
    }

    /// Cleans `url`.
    /// - Parameters:
    ///   - url: What the app was asked to open.
    ///   - policy: Which query parameters to keep.
    ///   - pathPolicy: Which path segments to keep.
    static func cleaned(_ url: URL, policy: DeepLinkQueryPolicy, pathPolicy: DeepLinkPathPolicy) -> Result<DeepLinkURL, Problem> {
        let length = url.absoluteString.utf8.count
        guard length > 0 else { return .failure(.empty) }
        guard length <= maximumLength else { return .failure(.tooLong(length)) }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return .failure(.malformed) }
        return cleaned(components, policy: policy, pathPolicy: pathPolicy)
    }

    // MARK: - Private

    private static func cleaned(_ components: URLComponents, policy: DeepLinkQueryPolicy, pathPolicy: DeepLinkPathPolicy) -> Result<DeepLinkURL, Problem> {
        var components = components
        guard let scheme = components.scheme?.lowercased(), !scheme.isEmpty else { return .failure(.noScheme) }
        guard scheme != "file" else { return .failure(.fileURL) }
        if scheme == "http" || scheme == "https", components.host?.isEmpty ?? true {
            return .failure(.noHost)
        }
        components.user = nil
        components.password = nil
        components.fragment = nil
        let queryScrubber = DeepLinkQueryScrubber(policy: policy)
        if let query = components.percentEncodedQuery {
            // Names compared as servers read them, `;` a separator too, nested URLs cleaned (DeepLinkQueryScrubber).
            let kept = queryScrubber.scrubbed(Array(query.utf8))
            components.percentEncodedQuery = kept.isEmpty ? nil : String(decoding: kept, as: UTF8.self)
        }
        let path = Array(components.percentEncodedPath.utf8)
        if !path.isEmpty {
            // Secret-looking and template-marked segments become `:redacted`; matrix parameters follow the query's names.
            let isWeb = scheme == "http" || scheme == "https"
            let host = isWeb ? nil : components.host.map { Array($0.utf8) }
            let kept = DeepLinkPathScrubber(policy: pathPolicy, query: queryScrubber).scrubbed(path, host: host)
            if kept != path { components.percentEncodedPath = String(decoding: kept, as: UTF8.self) }
        }
        guard let string = components.string, !string.isEmpty else { return .failure(.malformed) }
        return .success(DeepLinkURL(string: string))
    }
}
