#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Tracking

/// The edit-profile form, presented by the main flow as a page sheet over the profile.
final class EditProfileViewController: UIViewController {
    // MARK: - Internal

    /// Called when the user saves; the presenter dismisses the sheet.
    var onFinish: (() -> Void)?

    let user: User

    private(set) lazy var saveButton = UIButton.demoButton(
        title: "Save", frame: .demoRow(y: 200, height: 56)
    ) { [weak self] in
        self?.onFinish?()
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
        setUpDemoScreen(title: "Edit profile", trackingScreen: TrackingScreen(screenName: .editProfile, identifier: user.id))
        view.addSubview(UILabel.demoLabel("Display name: \(user.displayName)", frame: .demoRow(y: 60, height: 40)))
        saveButton.trackingElement = TrackingElement(elementType: .saveButton)
        view.addSubview(saveButton)
    }
}
