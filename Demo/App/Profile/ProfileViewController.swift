#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import Tracking

/// The profile tab. A `ScreenshotDetector` behaviour shows a "share your profile" banner when the user
/// takes a screenshot while the profile is on screen: no subclass of a base controller, no swizzling. tvOS
/// has no screenshot notification, so there the profile has no detector.
final class ProfileViewController: UIViewController {
    // MARK: - Internal

    /// Called when the user taps "Edit profile".
    var onEditProfile: (() -> Void)?

    let user: User
    let avatar = UIView(frame: CGRect(x: 145, y: 110, width: 100, height: 100))
    let shareBanner = UIView(frame: CGRect(x: 16, y: 560, width: 358, height: 120))

    private(set) lazy var editButton = UIButton.demoButton(
        title: "Edit profile", frame: .demoRow(y: 300, height: 50)
    ) { [weak self] in
        self?.onEditProfile?()
    }

    init(user: User) {
        self.user = user
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpDemoScreen(title: "Profile", trackingScreen: TrackingScreen(screenName: .profile, identifier: user.id))

        avatar.backgroundColor = .systemGray
        avatar.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        avatar.trackingElement = TrackingElement(elementType: .avatar, identifier: user.id)
        view.addSubview(avatar)
        view.addSubview(UILabel.demoLabel(user.displayName, frame: .demoRow(y: 230, height: 40)))
        view.addSubview(editButton)

        shareBanner.backgroundColor = .orange
        shareBanner.autoresizingMask = [.flexibleWidth]
        shareBanner.isHidden = true
        shareBanner.trackingElement = TrackingElement(elementType: .shareBanner, identifier: user.id)
        shareBanner.addSubview(UILabel.demoLabel("Share your profile?", frame: CGRect(x: 16, y: 40, width: 326, height: 40)))
        view.addSubview(shareBanner)

        // tvOS has no screenshots to detect, so the banner never shows there.
        #if !os(tvOS)
        add(behaviours: [
            ScreenshotDetector(notificationCenter: .default, host: ProfileViewController.self) { profile in
                profile.shareBanner.isHidden = false
            },
        ])
        #endif
    }
}
