import Foundation

/// A URL made fit for analytics: validated, without credentials, fragment or the query items the app
/// names, rebuilt from its parts with `URLComponents` (never by editing the string).
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

        var description: String {
            switch self {
            case .empty: "the URL string is empty"
            case .malformed: "the URL is malformed"
            case .noScheme: "the URL has no scheme"
            case .noHost: "the HTTP(S) URL has no host"
            case .fileURL: "a file URL is not a deep link"
            }
        }
    }

    /// The cleaned URL's string.
    let string: String

    /// Parses and cleans `string`.
    /// - Parameters:
    ///   - string: What the app was asked to open.
    ///   - removedQueryItems: Names of query items to leave out.
    static func cleaned(_ string: String, removing removedQueryItems: Set<String>) -> Result<DeepLinkURL, Problem> {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        guard let components = URLComponents(string: trimmed) else { return .failure(.malformed) }
        return cleaned(components, removing: removedQueryItems)
    }

    /// Cleans `url`.
    /// - Parameters:
    ///   - url: What the app was asked to open.
    ///   - removedQueryItems: Names of query items to leave out.
    static func cleaned(_ url: URL, removing removedQueryItems: Set<String>) -> Result<DeepLinkURL, Problem> {
        guard !url.absoluteString.isEmpty else { return .failure(.empty) }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return .failure(.malformed) }
        return cleaned(components, removing: removedQueryItems)
    }

    // MARK: - Private

    private static func cleaned(_ components: URLComponents, removing removedQueryItems: Set<String>) -> Result<DeepLinkURL, Problem> {
        var components = components
        guard let scheme = components.scheme?.lowercased(), !scheme.isEmpty else { return .failure(.noScheme) }
        guard scheme != "file" else { return .failure(.fileURL) }
        if scheme == "http" || scheme == "https", components.host?.isEmpty ?? true {
            return .failure(.noHost)
        }
        components.user = nil
        components.password = nil
        components.fragment = nil
        if let items = components.percentEncodedQueryItems {
            // Compared decoded: `acc%65ss_token` is `access_token` to the app that reads it.
            let kept = items.filter { !removedQueryItems.contains($0.name.removingPercentEncoding ?? $0.name) }
            components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        }
        guard let string = components.string, !string.isEmpty else { return .failure(.malformed) }
        return .success(DeepLinkURL(string: string))
    }
}
