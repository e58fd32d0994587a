#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import Tracking

/// Owns the signed-in part of the app: a tab bar with the feed (in a navigation controller, to push posts),
/// the profile and the settings. It decides every transition; its screens only report what the user did.
final class MainFlowController: UIViewController {
    // MARK: - Internal

    weak var delegate: (any MainFlowControllerDelegate)?

    let tabs = UITabBarController()
    let feed: FeedViewController
    let feedNavigation: UINavigationController
    let profile: ProfileViewController
    let settings = SettingsViewController()

    /// The edit-profile sheet while it is presented.
    private(set) weak var editProfile: EditProfileViewController?

    init(dependencies: AppDependencies, user: User) {
        analytics = dependencies.analytics
        feed = FeedViewController(posts: dependencies.posts.posts)
        feedNavigation = UINavigationController(rootViewController: feed)
        profile = ProfileViewController(user: user)
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        feed.onSelectPost = { [weak self] post in self?.showDetail(of: post) }
        profile.onEditProfile = { [weak self] in self?.showEditProfile() }
        settings.onLogOut = { [weak self] in
            guard let self else { return }
            delegate?.mainFlowDidRequestLogout(self)
        }
        settings.onShowAbout = { [weak self] in self?.showAbout() }
        tabs.setViewControllers([feedNavigation, profile, settings], animated: false)
        add(childController: tabs)
    }

    // MARK: - Private

    private let analytics: Tracker

    private func showDetail(of post: Post) {
        feedNavigation.pushViewController(PostDetailViewController(post: post), animated: true)
    }

    /// Presents the SwiftUI about screen where SwiftUI exists; the headless demo never shows it.
    private func showAbout() {
        #if canImport(SwiftUI) && canImport(UIKit)
        let about = AboutScreen.make { [weak self] in self?.dismiss(animated: true) }
        present(about, animated: true)
        #endif
    }

    private func showEditProfile() {
        let sheet = EditProfileViewController(user: profile.user)
        #if os(tvOS)
        // tvOS has no page sheets; over-full-screen likewise keeps the profile appeared underneath.
        sheet.modalPresentationStyle = .overFullScreen
        #else
        sheet.modalPresentationStyle = .pageSheet
        #endif
        sheet.onFinish = { [weak self, weak sheet] in
            self?.analytics.track(.profileSaved)
            sheet?.dismiss(animated: true)
        }
        editProfile = sheet
        present(sheet, animated: true)
    }
}
