#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

// Snippet: tag-screens-and-elements
extension TrackingScreenName { static let myProfile: Self = "my_profile" }
extension TrackingElementType { static let sparkButton: Self = "spark_button" }

// Snippet end
/// A person's profile: a tracked screen with a tracked spark button.
final class ProfileViewController: UIViewController {
    let user: User
    let sparkButton = SparkButton(frame: CGRect(x: 20, y: 120, width: 160, height: 44))
    /// How many sparks the person gave in this visit.
    private(set) var sparks = 0

    /// Creates the profile of `user`.
    /// - Parameter user: Whose profile it is.
    init(user: User) {
        self.user = user
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.addSubview(sparkButton)
        // A UIAction, not addTarget(_:action:for:) with #selector, which Linux cannot compile.
        sparkButton.addAction(UIAction { [weak self] _ in self?.sparks += 1 }, for: .touchUpInside)
        // Snippet: tag-screens-and-elements
        // in viewDidLoad (identifiers are `String?`: a UUID goes in as `uuidString`)
        trackingScreen = TrackingScreen(screenName: .myProfile, identifier: user.id.uuidString)
        sparkButton.trackingElement = TrackingElement(elementType: .sparkButton, properties: ["position": 3])
        // Snippet end
    }
}
