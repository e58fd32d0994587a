import Foundation

/// The links the sample app hands out, built from typed parts with `URLComponents`.
public enum DemoLinks {
    // MARK: - Public

    /// The link a newsletter carries to a post (on the loopback host: nothing in the project names another one): `https://reader:pw@127.0.0.1/posts/<id>?utm_source=newsletter&token=…#comments`.
    ///
    /// It carries what real links carry and analytics must not keep (credentials, a sign-in token, a
    /// fragment); the tracker's `openURL` records it as `https://127.0.0.1/posts/<id>?utm_source=newsletter`.
    /// - Parameters:
    ///   - postID: The post's identifier.
    ///   - signInToken: The one-time sign-in token the mail carries.
    public static func newsletterPost(_ postID: String, signInToken: String) -> URL {
        var components = URLComponents()
        components.scheme = "https"
        components.user = "reader"
        components.password = "pw"
        components.host = "127.0.0.1"
        components.path = "/posts/\(postID)"
        components.queryItems = [
            URLQueryItem(name: "utm_source", value: "newsletter"),
            URLQueryItem(name: "token", value: signInToken),
        ]
        components.fragment = "comments"
        guard let url = components.url else { preconditionFailure("the newsletter link's parts make no URL") }
        return url
    }
}
