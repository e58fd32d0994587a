import Foundation

/// The links the sample app hands out, built from typed parts with `URLComponents`.
public enum DemoLinks {
    // MARK: - Public

    /// The link a newsletter carries to a post: `https://reader:pw@sightline.example/posts/<id>?utm_source=newsletter&token=…#comments`.
    ///
    /// It carries what real links carry and analytics must not keep (credentials, a sign-in token, a
    /// fragment); the tracker's `openURL` records it as `https://sightline.example/posts/<id>?utm_source=newsletter`.
    /// - Parameters:
    ///   - postID: The post's identifier.
    ///   - signInToken: The one-time sign-in token the mail carries.
    public static func newsletterPost(_ postID: String, signInToken: String) -> URL {
        var components = URLComponents()
        components.scheme = "https"
        components.user = "reader"
        components.password = "pw"
        components.host = "sightline.example"
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
