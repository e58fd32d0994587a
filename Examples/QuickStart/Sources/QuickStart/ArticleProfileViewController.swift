#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import Foundation
import Tracking

/// The source article's profile screen ("How to make friends with UIKit"), verbatim: a screenshot detector
/// with a closure added in `viewDidLoad`, and the screen's tracking component set there too. (Its
/// `.myProfile` screen name is the README's, in `ProfileViewController.swift`.)
final class ArticleProfileViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        add(behaviours: [
            ScreenshotDetector(notificationCenter: NotificationCenter.default) { /* Screenshot was detected */ },
        ])
        trackingScreen = TrackingScreen(screenName: .myProfile)
    }
}
